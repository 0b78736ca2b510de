import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import {
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "~/i18n/react";
import { describedBy, FieldErrors, FieldFrame, groupClass, Hint, type Meta } from "./field-frame";

// The USWDS form fields, each in field-frame.tsx's frame. Errors arrive as translation keys, from the browser's checks
// and the actions' schemas alike.

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue"> {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  type?: "text" | "email" | "password" | "tel" | "date" | "number" | "search";
  /** Shown below the control, e.g. a live password-strength reading. */
  after?: ReactNode;
  /** In error with its enclosing question (one of a parent's phones), whose message is said once for all parts. */
  invalid?: boolean;
  /** Ids of other descriptions (that question's message), read after its own. */
  describes?: string[];
  /** Announced as required (by default unless optional); never the browser's own check. */
  required?: boolean;
}

export function TextField({
  meta,
  label,
  hint,
  optional,
  required,
  type = "text",
  after,
  className,
  invalid,
  describes,
  ...rest
}: TextFieldProps) {
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} optional={optional} required={required} describes={describes}>
      {(aria) => (
        <>
          <input
            key={key}
            {...props}
            {...rest}
            {...aria}
            aria-invalid={invalid || aria["aria-invalid"] ? true : undefined}
            defaultValue={type === "password" ? undefined : props.defaultValue}
            className={`usa-input${invalid || meta.errors?.length ? " usa-input--error" : ""}${className ? ` ${className}` : ""}`}
          />
          {after}
        </>
      )}
    </FieldFrame>
  );
}

/**
 * A date in the page language's order (mm/dd/yyyy, dd/mm/aaaa; R30): a text box, since a browser's date box follows
 * the browser's language.
 */
export function DateField(props: Omit<TextFieldProps, "type" | "after">) {
  const { className, ...rest } = props;
  return (
    <TextField
      maxLength={10}
      autoComplete="off"
      {...rest}
      className={`usa-input--medium${className ? ` ${className}` : ""}`}
    />
  );
}

interface TextareaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "form"> {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** The schema's limit, shown by USWDS's counter (live with JavaScript); the box does not stop the typing. */
  maxCharacters?: number;
}

export function TextareaField({
  meta,
  label,
  hint,
  optional,
  maxCharacters,
  rows = 5,
  className,
  onInput,
  ...rest
}: TextareaFieldProps) {
  const { t } = useTranslation();
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  const [used, setUsed] = useState(typeof meta.initialValue === "string" ? meta.initialValue.length : 0);
  const countId = `${meta.id}-count`;
  const counted = maxCharacters !== undefined;
  return (
    <FieldFrame
      meta={meta}
      label={label}
      hint={hint}
      optional={optional}
      className={counted ? "usa-character-count" : undefined}
      describes={counted ? [countId] : []}
    >
      {(aria) => (
        <>
          <textarea
            key={key}
            {...props}
            {...rest}
            {...aria}
            required={false}
            rows={rows}
            className={`usa-textarea${counted ? " usa-character-count__field" : ""}${meta.errors?.length ? " usa-input--error" : ""}${className ? ` ${className}` : ""}`}
            onInput={(event) => {
              setUsed(event.currentTarget.value.length);
              onInput?.(event);
            }}
          />
          {counted ? (
            <span
              id={countId}
              className={`usa-character-count__status${used > maxCharacters ? " usa-character-count__status--invalid" : ""}`}
              aria-live="polite"
            >
              {t("form.characterCount", { ns: "common", used, max: maxCharacters })}
            </span>
          ) : null}
        </>
      )}
    </FieldFrame>
  );
}

/** Browsers do not let a file box be refilled, so a refused form asks for the file again. */
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
  /** In error with its enclosing question (a date's month), whose message is said once for all parts. */
  invalid?: boolean;
  /** Ids of other descriptions (that question's message), read after its own. */
  describes?: string[];
}

export function SelectField({
  meta,
  label,
  hint,
  optional,
  options,
  onChange,
  autoComplete,
  invalid,
  describes,
}: SelectFieldProps) {
  const { t } = useTranslation();
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  const inError = invalid || Boolean(meta.errors?.length);
  return (
    <FieldFrame meta={meta} label={label} hint={hint} optional={optional} describes={describes}>
      {(aria) => (
        <select
          key={key}
          {...props}
          {...aria}
          aria-invalid={inError ? true : undefined}
          required={false}
          autoComplete={autoComplete}
          onChange={onChange}
          className={`usa-select${inError ? " usa-input--error" : ""}`}
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
  /** The fieldset's legend. */
  label: ReactNode;
  hint?: ReactNode;
  options: Option[];
}

function ChoiceGroup({ meta, label, hint, options, type }: RadioGroupProps & { type: "radio" | "checkbox" }) {
  const initial = Array.isArray(meta.initialValue)
    ? (meta.initialValue as string[])
    : typeof meta.initialValue === "string"
      ? [meta.initialValue]
      : [];
  return (
    <fieldset
      className={`usa-fieldset ${groupClass(meta)}`}
      aria-invalid={meta.errors?.length ? true : undefined}
      aria-describedby={describedBy(meta, hint)}
      id={meta.id}
      tabIndex={-1}
    >
      <legend className="usa-legend">{label}</legend>
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
            // R163: aria-required is not allowed on a radio, HTML's attribute is; forms are noValidate, so the
            // schema, not the browser, says what is missing.
            required={type === "radio"}
          />
          <label className={`usa-${type}__label`} htmlFor={`${meta.id}-${option.value}`}>
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

export function RadioGroup(props: RadioGroupProps) {
  return <ChoiceGroup {...props} type="radio" />;
}

export function CheckboxGroup(props: RadioGroupProps) {
  return <ChoiceGroup {...props} type="checkbox" />;
}

/** A field robots fill in and people never see or hear. */
export function Honeypot({ name = "website", label }: { name?: string; label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${name}-field`}>{label}</label>
      <input type="text" id={`${name}-field`} name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
