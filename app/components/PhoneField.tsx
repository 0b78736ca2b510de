import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { formatPhoneAsTyped } from "~/utils/phone";
import { TextField } from "./ui/form";

/** A phone number: with JavaScript the dashes (3-3-4) appear as the digits are typed. */
export function PhoneField({ meta, label, hint }: { meta: FieldMetadata<any, any, any>; label: ReactNode; hint?: ReactNode }) {
  return (
    <TextField
      meta={meta}
      label={label}
      hint={hint}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      optional
      maxLength={14}
      onInput={(event) => {
        const input = event.currentTarget;
        // Only digits and separators are reformatted; anything else stays, for the server to refuse.
        if (/^[\d\s().-]*$/.test(input.value)) input.value = formatPhoneAsTyped(input.value);
      }}
    />
  );
}
