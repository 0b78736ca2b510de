/** Parental consent (R62); yes needs a signed form. Codes as stored and as sent by API and form. */
export const CONSENT = { yes: 1, no: 2, notYet: 3 } as const;
export type ConsentCode = (typeof CONSENT)[keyof typeof CONSENT];
const consentAnswer = <C extends ConsentCode>(code: C) => String(code) as `${C}`;
/** The form's choices, in the order shown. */
export const CONSENT_ANSWERS = [
  consentAnswer(CONSENT.yes),
  consentAnswer(CONSENT.no),
  consentAnswer(CONSENT.notYet),
] as const;
export const DEFAULT_CONSENT = consentAnswer(CONSENT.notYet);
