import { z } from "zod";
import { isCommonPassword } from "~/auth/common-passwords.server";
import type { Language } from "~/i18n/config";
import { parseTypedDate } from "~/utils/dates";
import { isPasswordAcceptable } from "~/utils/password";
import { parsePhone, phoneDigits } from "~/utils/phone";
import { tooLong, type MaxLength } from "./checks";

// The actions' field rules (zod, on the server only; the browser checks the same with app/schemas/checks.ts).
// Every message is a translation key under common:validation, shown in the reader's language.
// A field that must be answered names its own message, which says what to do ("Enter the
// child's first name"): no field falls back to a message that fits any field.

/** A text to type; `message` is the field's own key, shown when it is left empty. */
export const requiredText = (message: string, max: MaxLength = 100) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, tooLong(max));

export const optionalText = (max: MaxLength = 100) => z.string().trim().max(max, tooLong(max)).optional();

/** The owner's own e-mail address: to sign in, register, reset a password or change a profile. */
export const email = z
  .string({ required_error: "validation.yourEmail" })
  .trim()
  .min(1, "validation.yourEmail")
  // The format is judged once there is something to judge: an empty answer gets one message.
  .pipe(z.string().max(254, tooLong(254)).email("validation.email"))
  .transform((value) => value.toLowerCase());

/**
 * A new password (registration, profile, reset): the length rule, then the list of common
 * passwords, which only the server has (80 KB): the action's answer puts its message on the field,
 * with or without JavaScript.
 */
function checkNewPassword(value: string, ctx: z.RefinementCtx) {
  if (!isPasswordAcceptable(value)) ctx.addIssue({ code: "custom", message: "validation.passwordRule" });
  else if (isCommonPassword(value)) ctx.addIssue({ code: "custom", message: "validation.passwordCommon" });
}

export const newPassword = z.string({ required_error: "validation.passwordRule" }).max(200, tooLong(200)).superRefine(checkNewPassword);

/** A new password where a blank one means "keep the one I have". */
export const optionalNewPassword = z
  .string()
  .max(200, tooLong(200))
  .optional()
  .superRefine((value, ctx) => {
    if (value) checkNewPassword(value, ctx);
  });

/** A phone as typed: digits (and the usual separators), exactly 10 digits, stored 3-3-4. */
export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .superRefine((value, ctx) => {
    if (!value) return;
    if (!/^\d*$/.test(phoneDigits(value))) ctx.addIssue({ code: "custom", message: "validation.phoneDigits" });
    else if (!parsePhone(value)) ctx.addIssue({ code: "custom", message: "validation.phoneLength" });
  })
  .transform((value) => (value ? parsePhone(value) : null));

/**
 * One of a fixed set of answers (a radio group or a list); `message` is the field's own key, said
 * when none is chosen and for any other value.
 */
export const choice = <U extends string, T extends Readonly<[U, ...U[]]>>(values: T, message: string) =>
  z.enum<U, T>(values, { errorMap: () => ({ message }) });

/** A box that sends "on" when ticked. */
export const ticked = z.literal("on", { errorMap: () => ({ message: "validation.unknownChoice" }) }).optional();

export const interfaceLanguage = choice(["en", "sp"], "validation.yourLanguage");

/**
 * A code from a lookup list; the server also checks it exists (see lookupCode in models).
 * `message` is the field's own key, shown when nothing is chosen.
 */
export const requiredCode = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(20, "validation.unknownChoice");
export const optionalCode = z.string().trim().max(20, "validation.unknownChoice").optional();

/** A date typed in the page language's order (dd/mm/aaaa in Spanish) or as YYYY-MM-DD, read as YYYY-MM-DD. */
export function typedDate(language: Language) {
  return z.string().transform((text, ctx) => {
    const date = parseTypedDate(text, language);
    if (!date) ctx.addIssue({ code: "custom", message: "validation.typedDate", fatal: true });
    return date ?? z.NEVER;
  });
}

/**
 * The honeypot: a field people never see. Anything in it means a robot filled the form; the
 * action then answers as if all went well and does nothing, so the robot learns nothing.
 */
export const honeypot = z.string().max(2000).optional();
