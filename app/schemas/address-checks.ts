import { formCheck, optionalText, requiredCode, requiredText, type Rule } from "./checks";

// The address book's rules without zod (see checks.ts); app/schemas/address.server.ts builds the action's schema over them.

/** Maryland's ZIP codes run from 20588 to 21930; anything outside 205xx–219xx is another state. */
export const MARYLAND_ZIP = /^2(0[5-9]|1\d)\d{2}$/;

const zip: Rule = (value) => {
  if (typeof value !== "string" || value === "") return { messages: ["validation.addressZip"], fatal: true };
  const typed = value.trim();
  if (!typed) return { messages: ["validation.addressZip"] };
  return MARYLAND_ZIP.test(typed) ? null : { messages: ["validation.zipMaryland"] };
};

export const addressCheck = formCheck({
  line1: requiredText("validation.addressLine1"),
  line2: optionalText(100),
  city: requiredText("validation.addressCity", 60),
  zip,
  county: requiredCode("validation.addressCounty"),
  nickname: optionalText(60),
});
