import { isPasswordAcceptable } from "~/utils/password";
import {
  choice,
  email,
  formCheck,
  optionalCode,
  optionalPhone,
  optionalText,
  password,
  requiredCode,
  requiredText,
  sent,
  tooLong,
  wrong,
  type Rule,
  type Values,
} from "./checks";

// The account forms' rules without zod (see checks.ts); app/schemas/account.server.ts builds the actions' schemas
// over the same rules between answers. The password rules are here, so only the account screens load them.

/** A new password (docs/product-rules.md R4); the list of common passwords is the server's to check. */
const newPassword: Rule = (value) => {
  const text = sent(value);
  if (typeof text !== "string") return wrong(["validation.passwordRule"], true);
  return wrong([...(text.length > 200 ? [tooLong(200)] : []), ...(isPasswordAcceptable(text) ? [] : ["validation.passwordRule"])]);
};

/** A new password where a blank one means "keep the one I have". */
const optionalNewPassword: Rule = (value, values) => (sent(value) === undefined ? null : newPassword(value, values));

export const signInCheck = formCheck({ email, password: password("validation.yourPassword") });

/** The two questions must differ (docs/product-rules.md R6). */
export function questionsDifferIssue(values: Values) {
  const first = typeof values.securityQuestion1 === "string" ? values.securityQuestion1.trim() : "";
  return first && first === (typeof values.securityQuestion2 === "string" ? values.securityQuestion2.trim() : "")
    ? { path: "securityQuestion2", message: "validation.questionsDiffer" }
    : null;
}

/** What a person says about themselves, at registration and in their profile. */
const person = {
  prefix: optionalCode,
  firstName: requiredText("validation.yourFirstName"),
  middleName: optionalText(100),
  lastName: requiredText("validation.yourLastName"),
  suffix: optionalCode,
  reference: requiredCode("validation.yourReference"),
  email,
  primaryLanguage: choice(["en", "sp"], "validation.yourLanguage"),
  homePhoneNumber: optionalPhone,
  workPhoneNumber: optionalPhone,
  mobilePhoneNumber: optionalPhone,
};

export const registrationCheck = formCheck(
  {
    ...person,
    password: newPassword,
    securityQuestion1: requiredCode("validation.securityQuestion1"),
    securityAnswer1: requiredText("validation.securityAnswer1"),
    securityQuestion2: requiredCode("validation.securityQuestion2"),
    securityAnswer2: requiredText("validation.securityAnswer2"),
  },
  (values) => [questionsDifferIssue(values)],
);

/**
 * The owner's profile: the password and the answers are left blank to keep them (a new question needs a
 * new answer, and a new e-mail, password or answer the current password: the server checks those).
 */
export const profileCheck = formCheck(
  {
    ...person,
    newPassword: optionalNewPassword,
    securityQuestion1: requiredCode("validation.securityQuestion1"),
    securityAnswer1: optionalText(100),
    securityQuestion2: requiredCode("validation.securityQuestion2"),
    securityAnswer2: optionalText(100),
    currentPassword: password("validation.yourPassword", { optional: true }),
  },
  (values) => [questionsDifferIssue(values)],
);

export const forgotPasswordCheck = formCheck({ email });

export const securityAnswersCheck = formCheck({
  securityAnswer1: requiredText("validation.securityAnswer1"),
  securityAnswer2: requiredText("validation.securityAnswer2"),
});

export const resetPasswordCheck = formCheck({ plainPassword: newPassword });

export const resendVerificationCheck = formCheck({ email });
