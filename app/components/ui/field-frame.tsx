import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

// Ties a control to its label, hint and error, so no field writes that ARIA wiring by hand.

export type Meta = FieldMetadata<any, any, any>;

/** The hint, then any other description (a character counter), then the error. */
export function describedBy(meta: Meta, hint: ReactNode | undefined, more: string[] = []) {
  const ids = [hint ? `${meta.id}-hint` : null, ...more, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function FieldErrors({ meta }: { meta: Meta }) {
  const { t } = useTranslation();
  if (!meta.errors?.length) return null;
  return (
    <span className="usa-error-message" id={meta.errorId}>
      {meta.errors.map((error: string) => t(error, { ns: "common" })).join(" ")}
    </span>
  );
}

export function Label({ htmlFor, optional, children }: { htmlFor: string; optional?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <label className="usa-label" htmlFor={htmlFor}>
      {children}
      {/* The space outside the hint, so the name is read "Middle name (optional)", not run together. */}
      {optional ? " " : null}
      {optional ? <span className="usa-hint">{t("form.optional", { ns: "common" })}</span> : null}
    </label>
  );
}

export function Hint({ meta, hint }: { meta: Meta; hint?: ReactNode }) {
  return hint ? (
    <span className="usa-hint" id={`${meta.id}-hint`}>
      {hint}
    </span>
  ) : null;
}

export function groupClass(meta: Meta) {
  return `usa-form-group${meta.errors?.length ? " usa-form-group--error" : ""}`;
}

/** The label, hint and error around one control, and the attributes that tie them to it. */
export function FieldFrame({
  meta,
  label,
  hint,
  optional,
  required = !optional,
  className,
  describes = [],
  children,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** False for an optional field, or one of several of which one is needed. */
  required?: boolean;
  className?: string;
  /** Ids of other descriptions of the control, read after the hint. */
  describes?: string[];
  children: (aria: {
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    "aria-required": true | undefined;
  }) => ReactNode;
}) {
  return (
    <div className={`${groupClass(meta)}${className ? ` ${className}` : ""}`}>
      <Label htmlFor={meta.id} optional={optional}>
        {label}
      </Label>
      <Hint meta={meta} hint={hint} />
      <FieldErrors meta={meta} />
      {children({
        "aria-invalid": meta.errors?.length ? true : undefined,
        "aria-describedby": describedBy(meta, hint, describes),
        // Screen readers say "required" for what is not marked optional.
        "aria-required": required ? true : undefined,
      })}
    </div>
  );
}
