/**
 * Has a parent or guardian consented to the referral (childParentConsent, docs/product-rules.md R62): yes, with a
 * signed consent form to attach; no; not yet known, which a referral without an answer shows. The
 * codes are what is stored and what the API and the form send.
 */
export const CONSENT = { yes: 1, no: 2, notYet: 3 } as const;
export type ConsentCode = (typeof CONSENT)[keyof typeof CONSENT];
const consentAnswer = <C extends ConsentCode>(code: C) => String(code) as `${C}`;
/** The form's choices, in the order shown. */
export const CONSENT_ANSWERS = [consentAnswer(CONSENT.yes), consentAnswer(CONSENT.no), consentAnswer(CONSENT.notYet)] as const;
export const DEFAULT_CONSENT = consentAnswer(CONSENT.notYet);
