export const PASSWORD_MIN_LENGTH = 12;

export type PasswordStrength = "bad" | "weak" | "okay" | "strong";

/** The rule itself (docs/product-rules.md R4): at least 12 characters with at least one digit. */
export function isPasswordAcceptable(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password);
}

/**
 * The meter (docs/product-rules.md R5): 12+ with a digit is strong; 10+ with a digit, or 12+ without, is okay;
 * 8+ is weak; 1 to 7 is bad; nothing typed shows nothing.
 */
export function passwordStrength(password: string): PasswordStrength | null {
  const length = password.length;
  const digit = /\d/.test(password);
  if (length === 0) return null;
  if (length >= 12 && digit) return "strong";
  if ((length >= 10 && digit) || length >= 12) return "okay";
  if (length >= 8) return "weak";
  return "bad";
}
