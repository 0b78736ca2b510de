import { z } from "zod";
import { isCommonPassword } from "~/auth/common-passwords.server";
import type { Language } from "~/i18n/config";
import { parseTypedDate } from "~/utils/dates";
import { isPasswordAcceptable } from "~/utils/password";
import { parsePhone, phoneDigits } from "~/utils/phone";

// Field rules shared by the server (the action) and the browser (Conform's client validation).
// Every message is a translation key under common:validation, shown in the reader's language.

export const requiredText = (max = 100) =>
  z
    .string({ required_error: "validation.required", invalid_type_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(max, "validation.tooLong");

export const optionalText = (max = 100) => z.string().trim().max(max, "validation.tooLong").optional();

export const email = z
  .string({ required_error: "validation.required" })
  .trim()
  .max(254, "validation.tooLong")
  .email("validation.email")
  .transform((value) => value.toLowerCase());

/**
 * A new password (registration, profile, reset): the length rule, then the list of common
 * passwords. The list is checked on the server only: the browser build gets an empty module for
 * a .server file (Remix), so the 80 KB list stays out of it, and the action's answer puts the
 * message on the field, with or without JavaScript.
 */
function checkNewPassword(value: string, ctx: z.RefinementCtx) {
  if (!isPasswordAcceptable(value)) ctx.addIssue({ code: "custom", message: "validation.passwordRule" });
  else if (typeof isCommonPassword === "function" && isCommonPassword(value)) ctx.addIssue({ code: "custom", message: "validation.passwordCommon" });
}

export const newPassword = z.string({ required_error: "validation.required" }).max(200, "validation.tooLong").superRefine(checkNewPassword);

/** A new password where a blank one means "keep the one I have". */
export const optionalNewPassword = z
  .string()
  .max(200, "validation.tooLong")
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

export const interfaceLanguage = z.enum(["en", "sp"], {
  required_error: "validation.required",
  invalid_type_error: "validation.required",
});

/** A code from a lookup list; the server also checks it exists (see lookupCode in models). */
export const requiredCode = z.string({ required_error: "validation.required" }).trim().min(1, "validation.required").max(20);
export const optionalCode = z.string().trim().max(20).optional();

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
