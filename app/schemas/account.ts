import * as z from "zod/mini";
import {
  across,
  email,
  honeypot,
  interfaceLanguage,
  newPassword,
  optionalCode,
  optionalNewPassword,
  optionalPhone,
  optionalText,
  password,
  redirectTo,
  requiredCode,
  requiredText,
  tooLong,
} from "./fields";

// account.server.ts adds the list of common passwords, which only the server has.

export const SignInSchema = z.object({ email, password: password("validation.yourPassword"), redirectTo });

const securityQuestion1 = requiredCode("validation.securityQuestion1");
const securityQuestion2 = requiredCode("validation.securityQuestion2");
const securityAnswer1 = requiredText("validation.securityAnswer1");
const securityAnswer2 = requiredText("validation.securityAnswer2");

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

/** The two questions must differ (R6). */
const questionsDiffer = across((value: { securityQuestion1: string; securityQuestion2: string }) => [
  value.securityQuestion1 && value.securityQuestion1 === value.securityQuestion2
    ? { path: "securityQuestion2", message: "validation.questionsDiffer" }
    : null,
]);

export const RegistrationSchema = z
  .object({
    ...person,
    password: newPassword,
    securityQuestion1,
    securityAnswer1,
    securityQuestion2,
    securityAnswer2,
    website: honeypot,
    captchaToken: z.optional(z.string().check(z.maxLength(4000))),
  })
  .check(questionsDiffer);
export type Registration = z.output<typeof RegistrationSchema>;

/**
 * The owner's profile; blank password and answers are kept. The model checks the current password for a new e-mail,
 * password or answer.
 */
export const ProfileSchema = z
  .object({
    ...person,
    newPassword: optionalNewPassword,
    securityQuestion1,
    securityAnswer1: optionalText(100),
    securityQuestion2,
    securityAnswer2: optionalText(100),
    currentPassword: z.optional(z.string().check(z.maxLength(200, tooLong(200)))),
  })
  .check(questionsDiffer);
export type ProfileUpdate = z.output<typeof ProfileSchema>;

export const ForgotPasswordSchema = z.object({ email, website: honeypot });

/** The reset link's token, carried by the form; a link cut short is sent back to ask for a new one. */
const token = z
  .string("validation.resetToken")
  .check(z.minLength(1, "validation.resetToken"), z.maxLength(200, "validation.resetToken"));

export const SecurityAnswersSchema = z.object({ token, securityAnswer1, securityAnswer2 });

export const ResetPasswordSchema = z.object({ token, plainPassword: newPassword });

export const ResendVerificationSchema = z.object({ email, website: honeypot });
