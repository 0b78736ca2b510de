import type { FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { passwordStrength, type PasswordStrength } from "~/utils/password";
import { TextField } from "./ui/form";

/**
 * A new password with the strength meter of docs/product-rules.md R5. With JavaScript the reading follows each
 * keystroke; without it, the server's reading of what was sent shows after the submit.
 */
export function PasswordField({
  meta,
  label,
  hint,
  optional,
  submittedStrength,
}: {
  meta: FieldMetadata<any, any, any>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  submittedStrength?: PasswordStrength | null;
}) {
  const { t } = useTranslation("auth");
  const [typed, setTyped] = useState<PasswordStrength | null | undefined>(undefined);
  const strength = typed === undefined ? submittedStrength : typed;
  return (
    <TextField
      meta={meta}
      label={label}
      hint={hint}
      optional={optional}
      type="password"
      autoComplete="new-password"
      onInput={(event) => setTyped(passwordStrength(event.currentTarget.value))}
      after={
        <p className="password-strength" id={`${meta.id}-strength`} aria-live="polite">
          {strength ? `${t("strength.label")} ${t(`strength.${strength}`)}` : null}
        </p>
      }
    />
  );
}
