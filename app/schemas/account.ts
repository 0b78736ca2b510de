import { z } from "zod";
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
} from "./fields";

export const SignInSchema = z.object({
  email,
  password: z.string({ required_error: "validation.required" }).min(1, "validation.required").max(200),
  redirectTo: z.string().optional(),
});

const securityQuestions = {
  securityQuestion1: requiredCode,
  securityAnswer1: requiredText(100),
  securityQuestion2: requiredCode,
  securityAnswer2: requiredText(100),
};

/** What a person says about themselves, at registration and in their profile. */
const person = {
  prefix: optionalCode,
  firstName: requiredText(100),
  middleName: optionalText(100),
  lastName: requiredText(100),
  suffix: optionalCode,
  reference: requiredCode,
  email,
  primaryLanguage: interfaceLanguage,
  homePhoneNumber: optionalPhone,
  workPhoneNumber: optionalPhone,
  mobilePhoneNumber: optionalPhone,
};

/** The two questions must differ (SPEC §5). */
function questionsDiffer<T extends { securityQuestion1?: string; securityQuestion2?: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.securityQuestion1 && value.securityQuestion1 === value.securityQuestion2) {
    ctx.addIssue({ code: "custom", path: ["securityQuestion2"], message: "validation.questionsDiffer" });
  }
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
    securityQuestion1: requiredCode,
    securityAnswer1: optionalText(100),
    securityQuestion2: requiredCode,
    securityAnswer2: optionalText(100),
    currentPassword: z.string().max(200, "validation.tooLong").optional(),
  })
  .superRefine(questionsDiffer);
export type ProfileUpdate = z.infer<typeof ProfileSchema>;

export const ForgotPasswordSchema = z.object({ email, website: honeypot });

export const SecurityAnswersSchema = z.object({
  token: z.string().min(1).max(200),
  securityAnswer1: requiredText(100),
  securityAnswer2: requiredText(100),
});

export const ResetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  plainPassword: newPassword,
});

export const ResendVerificationSchema = z.object({ email, website: honeypot });
