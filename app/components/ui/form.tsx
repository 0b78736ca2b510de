import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { useErrorInTitle } from "../DocumentTitle";

// The USWDS form pieces every screen uses. Each ties its label, hint and error to the control
// (aria-invalid, aria-describedby), so no screen writes that wiring by hand. Error messages
// arrive as translation keys from the shared zod schemas and are shown in the reader's language.

type Meta = FieldMetadata<any, any, any>;

function describedBy(meta: Meta, hint: ReactNode | undefined) {
  const ids = [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function FieldErrors({ meta }: { meta: Meta }) {
  const { t } = useTranslation();
  if (!meta.errors?.length) return null;
  return (
    <span className="usa-error-message" id={meta.errorId}>
      {meta.errors.map((error: string) => t(error, { ns: "common" })).join(" ")}
    </span>
  );
}

function Label({ htmlFor, optional, children }: { htmlFor: string; optional?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <label className="usa-label" htmlFor={htmlFor}>
      {children}
      {optional ? <span className="usa-hint"> {t("form.optional", { ns: "common" })}</span> : null}
    </label>
  );
}

function Hint({ meta, hint }: { meta: Meta; hint?: ReactNode }) {
  return hint ? (
    <span className="usa-hint" id={`${meta.id}-hint`}>
      {hint}
    </span>
  ) : null;
}

function groupClass(meta: Meta) {
  return `usa-form-group${meta.errors?.length ? " usa-form-group--error" : ""}`;
}

/** The label, hint and error around one control, and the attributes that tie them to it. */
function FieldFrame({
  meta,
  label,
  hint,
  optional,
  children,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  children: (aria: { "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => ReactNode;
}) {
  return (
    <div className={groupClass(meta)}>
      <Label htmlFor={meta.id} optional={optional}>
        {label}
      </Label>
      <Hint meta={meta} hint={hint} />
      <FieldErrors meta={meta} />
      {children({ "aria-invalid": meta.errors?.length ? true : undefined, "aria-describedby": describedBy(meta, hint) })}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue"> {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  type?: "text" | "email" | "password" | "tel" | "date" | "number" | "search";
  /** Shown below the control, e.g. a live password-strength reading. */
  after?: ReactNode;
}

export function TextField({ meta, label, hint, optional, type = "text", after, className, ...rest }: TextFieldProps) {
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} optional={optional}>
      {(aria) => (
        <>
          <input
            key={key}
            {...props}
            {...rest}
            {...aria}
            defaultValue={type === "password" ? undefined : props.defaultValue}
            className={`usa-input${meta.errors?.length ? " usa-input--error" : ""}${className ? ` ${className}` : ""}`}
          />
          {after}
        </>
      )}
    </FieldFrame>
  );
}

/**
 * A file box. Its value never comes back from the server (browsers do not allow it), so a refused
 * form asks for the file again; the rest of the form keeps what was typed.
 */
export function FileField({
  meta,
  label,
  hint,
  accept,
  onChange,
  inputRef,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  accept?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      {(aria) => (
        <input
          ref={inputRef}
          type="file"
          id={meta.id}
          name={meta.name}
          form={meta.formId}
          accept={accept}
          onChange={onChange}
          {...aria}
          className={`usa-input file-field${meta.errors?.length ? " usa-input--error" : ""}`}
        />
      )}
    </FieldFrame>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  options: Option[];
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  autoComplete?: string;
}

export function SelectField({ meta, label, hint, optional, options, onChange, autoComplete }: SelectFieldProps) {
  const { t } = useTranslation();
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} optional={optional}>
      {(aria) => (
        <select
          key={key}
          {...props}
          {...aria}
          required={false}
          autoComplete={autoComplete}
          onChange={onChange}
          className={`usa-select${meta.errors?.length ? " usa-input--error" : ""}`}
        >
          <option value="">{t("form.choose", { ns: "common" })}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface RadioGroupProps {
  meta: Meta;
  legend: ReactNode;
  hint?: ReactNode;
  options: Option[];
}

/** A fieldset of radio buttons or boxes under one name, with its legend, hint and error. */
function ChoiceGroup({ meta, legend, hint, options, type }: RadioGroupProps & { type: "radio" | "checkbox" }) {
  const initial = Array.isArray(meta.initialValue) ? (meta.initialValue as string[]) : typeof meta.initialValue === "string" ? [meta.initialValue] : [];
  return (
    <fieldset
      className={`usa-fieldset ${groupClass(meta)}`}
      aria-invalid={meta.errors?.length ? true : undefined}
      aria-describedby={describedBy(meta, hint)}
      id={meta.id}
      tabIndex={-1}
    >
      <legend className="usa-legend">{legend}</legend>
      <Hint meta={meta} hint={hint} />
      <FieldErrors meta={meta} />
      {options.map((option) => (
        <div className={`usa-${type}`} key={option.value}>
          <input
            className={`usa-${type}__input`}
            type={type}
            id={`${meta.id}-${option.value}`}
            name={meta.name}
            form={meta.formId}
            value={option.value}
            defaultChecked={initial.includes(option.value)}
          />
          <label className={`usa-${type}__label`} htmlFor={`${meta.id}-${option.value}`}>
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** One choice among several. */
export function RadioGroup(props: RadioGroupProps) {
  return <ChoiceGroup {...props} type="radio" />;
}

/** Several choices under one name (each ticked box sends its value). */
export function CheckboxGroup(props: RadioGroupProps) {
  return <ChoiceGroup {...props} type="checkbox" />;
}

/** A field robots fill in and people never see (nor hear: it is hidden from screen readers too). */
export function Honeypot({ name = "website", label }: { name?: string; label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${name}-field`}>{label}</label>
      <input type="text" id={`${name}-field`} name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export interface SummaryItem {
  id: string;
  label: string;
  message: string;
}

/** The errors of the fields, listed first in the form; each links to its field (GOV.UK pattern). */
export function summarize(t: (key: string, options: { ns: string }) => string, fields: Array<[Meta, string]>): SummaryItem[] {
  return fields.flatMap(([meta, label]) =>
    (meta.errors ?? []).map((error: string) => ({ id: meta.id, label, message: t(error, { ns: "common" }) })),
  );
}

/**
 * Shown at the top of the form after a failed submit; it takes focus (with JavaScript) so a
 * screen reader reads it at once. `formErrors` are the messages not tied to one field.
 */
export function ErrorSummary({ items, formErrors = [], focusKey }: { items: SummaryItem[]; formErrors?: string[]; focusKey?: unknown }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const count = items.length + formErrors.length;
  useErrorInTitle(count > 0);
  // The summary takes the focus after a submit only: errors that appear as a person leaves a field
  // (validation on blur) must not pull the focus away from where they are typing or choosing.
  const submitted = useRef(false);
  useEffect(() => {
    function onSubmit(event: SubmitEvent) {
      // Conform validates a field on blur through a submit with a hidden button of its own: not a person's submit.
      if (event.submitter?.hidden) return;
      submitted.current = true;
      const form = event.target as HTMLFormElement;
      // Refused again in the browser with the same errors: nothing below changes, and Conform has put
      // the focus on the first invalid field, so the summary takes it back.
      window.setTimeout(() => {
        const active = document.activeElement;
        if (!ref.current || !active || active === event.submitter || !form.contains(active)) return;
        submitted.current = false;
        ref.current.focus();
      }, 0);
    }
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, []);
  useEffect(() => {
    if (count === 0 || !submitted.current) return;
    submitted.current = false;
    ref.current?.focus();
  }, [count, focusKey]);
  if (count === 0) return null;
  return (
    <div className="usa-alert usa-alert--error error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-heading">
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading" id="error-summary-heading">
          {t("validation.summaryHeading", { ns: "common" })}
        </h2>
        <ul className="usa-list usa-list--unstyled">
          {formErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
          {items.map((item) => (
            <li key={`${item.id}-${item.message}`}>
              <a href={`#${item.id}`}>
                {item.label}: {item.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
