export const PHONE_DIGITS = 10;

export interface PhoneParts {
  areaCode: string;
  prefix: string;
  suffix: string;
}

/** The digits of what a person typed, with the usual separators ( ) - . and spaces taken out. */
export function phoneDigits(text: string): string {
  return text.replace(/[\s().-]/g, "");
}

/** "4105551234" or "(410) 555-1234" into its three parts; null unless exactly 10 digits. */
export function parsePhone(text: string): PhoneParts | null {
  const digits = phoneDigits(text);
  if (!/^\d{10}$/.test(digits)) return null;
  return { areaCode: digits.slice(0, 3), prefix: digits.slice(3, 6), suffix: digits.slice(6) };
}

/** Shown and stored 3-3-4 with dashes. */
export function formatPhone(parts: PhoneParts | null | undefined): string {
  return parts ? `${parts.areaCode}-${parts.prefix}-${parts.suffix}` : "";
}

/** As a person types: keeps the digits (at most 10) and puts the dashes in, e.g. "410-55". */
export function formatPhoneAsTyped(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, PHONE_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
