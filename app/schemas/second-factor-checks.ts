import { formCheck, requiredText, sent, wrong, type Rule } from "./checks";

// The second factor's forms without zod (see checks.ts); app/schemas/second-factor.server.ts says the same with zod
// (docs/product-rules.md R129).

/** Six digits, as an authenticator app shows them (spaces between them are left out). */
export const SIX_DIGITS = /^\d{6}$/;
export const withoutSpaces = (text: string) => text.replace(/\s+/g, "");

export const secondFactorCode: Rule = (value) => {
  const text = sent(value);
  if (typeof text !== "string") return wrong(["validation.secondFactorCode"], true);
  return wrong(SIX_DIGITS.test(withoutSpaces(text)) ? [] : ["validation.secondFactorCode"]);
};

/** The app's code: at sign-in, to confirm a set-up, to turn the second factor off. */
export const secondFactorCodeCheck = formCheck({ code: secondFactorCode });

/** A recovery code instead of the app's. */
export const recoveryCodeCheck = formCheck({ recoveryCode: requiredText("validation.recoveryCode", 60) });
