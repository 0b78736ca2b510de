import type { FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { passwordStrength, type PasswordStrength } from "~/utils/password";
import { TextField } from "./ui/form";

/** A new password with R5's strength meter: live with JavaScript, else the server's reading after submit. */
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
