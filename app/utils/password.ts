export const PASSWORD_MIN_LENGTH = 12;

export type PasswordStrength = "bad" | "weak" | "okay" | "strong";

/** The rule itself (R4): at least 12 characters with at least one digit. */
export function isPasswordAcceptable(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password);
}

/** The meter (R5): strong, okay, weak or bad; nothing typed shows nothing. */
export function passwordStrength(password: string): PasswordStrength | null {
  const length = password.length;
  const digit = /\d/.test(password);
  if (length === 0) return null;
  if (length >= 12 && digit) return "strong";
  if ((length >= 10 && digit) || length >= 12) return "okay";
  if (length >= 8) return "weak";
  return "bad";
}
