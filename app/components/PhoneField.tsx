import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { formatPhoneAsTyped } from "~/utils/phone";
import { TextField } from "./ui/form";

/** Dashes (3-3-4) appear as digits are typed, with JavaScript. Hint per R60; `hint={null}` when a fieldset gives it. */
export function PhoneField({
  meta,
  label,
  hint,
  optional = true,
  required,
  invalid,
  describes,
}: {
  meta: FieldMetadata<any, any, any>;
  label: ReactNode;
  hint?: ReactNode | null;
  optional?: boolean;
  /** Said to be required: by default when not optional (one of a parent's phones is neither). */
  required?: boolean;
  /** In error with the question it is a part of (a parent's phones, of which one is needed). */
  invalid?: boolean;
  describes?: string[];
}) {
  const { t } = useTranslation("common");
  return (
    <TextField
      meta={meta}
      label={label}
      hint={hint === undefined ? t("form.phoneHint") : (hint ?? undefined)}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      optional={optional}
      required={required}
      invalid={invalid}
      describes={describes}
      maxLength={14}
      onInput={(event) => {
        const input = event.currentTarget;
        // Only digits and separators are reformatted; anything else stays, for the server to refuse.
        if (/^[\d\s().-]*$/.test(input.value)) input.value = formatPhoneAsTyped(input.value);
      }}
    />
  );
}
