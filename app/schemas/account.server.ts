import { z } from "zod";
import { questionsDifferIssue } from "./account-checks";
import { tooLong } from "./checks";
import {
  email,
  honeypot,
  interfaceLanguage,
  newPassword,
  optionalCode,
  optionalNewPassword,
  optionalPhone,
  optionalText,
  requiredCode,
  requiredText,
} from "./fields.server";

export const SignInSchema = z.object({
  email,
  password: z.string({ required_error: "validation.yourPassword" }).min(1, "validation.yourPassword").max(200, tooLong(200)),
  redirectTo: z.string().optional(),
});

const securityQuestion1 = requiredCode("validation.securityQuestion1");
const securityQuestion2 = requiredCode("validation.securityQuestion2");
const securityAnswer1 = requiredText("validation.securityAnswer1");
const securityAnswer2 = requiredText("validation.securityAnswer2");
const securityQuestions = { securityQuestion1, securityAnswer1, securityQuestion2, securityAnswer2 };

/** What a person says about themselves, at registration and in their profile. */
const person = {
  prefix: optionalCode,
  firstName: requiredText("validation.yourFirstName"),
  middleName: optionalText(100),
  lastName: requiredText("validation.yourLastName"),
  suffix: optionalCode,
  reference: requiredCode("validation.yourReference"),
  email,
  primaryLanguage: interfaceLanguage,
  homePhoneNumber: optionalPhone,
  workPhoneNumber: optionalPhone,
  mobilePhoneNumber: optionalPhone,
};

/** The two questions must differ (docs/product-rules.md R6). */
function questionsDiffer(value: { securityQuestion1?: string; securityQuestion2?: string }, ctx: z.RefinementCtx) {
  const issue = questionsDifferIssue(value);
  if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
}

export const RegistrationSchema = z
  .object({
    ...person,
    password: newPassword,
    ...securityQuestions,
    website: honeypot,
    captchaToken: z.string().max(4000).optional(),
  })
  .superRefine(questionsDiffer);
export type Registration = z.infer<typeof RegistrationSchema>;

/**
 * The owner's profile. The password and the answers are left blank to keep them; a new question
 * needs a new answer, and a new e-mail, password or answer needs the current password (both
 * checked by the model, which knows what is stored).
 */
export const ProfileSchema = z
  .object({
    ...person,
    newPassword: optionalNewPassword,
    securityQuestion1,
    securityAnswer1: optionalText(100),
    securityQuestion2,
    securityAnswer2: optionalText(100),
    currentPassword: z.string().max(200, tooLong(200)).optional(),
  })
  .superRefine(questionsDiffer);
export type ProfileUpdate = z.infer<typeof ProfileSchema>;

export const ForgotPasswordSchema = z.object({ email, website: honeypot });

/** The reset link's token, carried by the form; a link cut short is sent back to ask for a new one. */
const token = z.string({ required_error: "validation.resetToken" }).min(1, "validation.resetToken").max(200, "validation.resetToken");

export const SecurityAnswersSchema = z.object({
  token,
  securityAnswer1,
  securityAnswer2,
});

export const ResetPasswordSchema = z.object({
  token,
  plainPassword: newPassword,
});

export const ResendVerificationSchema = z.object({ email, website: honeypot });
