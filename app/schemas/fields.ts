import * as z from "zod/mini";
import type { Language } from "~/i18n/config";
import { parseTypedDate } from "~/utils/dates";
import { isPasswordAcceptable } from "~/utils/password";
import { parsePhone, phoneDigits } from "~/utils/phone";

// Field rules shared by the browser (Conform's onValidate) and the action; zod/mini keeps them light for phones. Each
// required field names its own message ("Enter the child's first name"), never a generic one.

/** The longest answers the forms take, each with its message in common:validation.maxLength. */
export type MaxLength = 60 | 80 | 100 | 200 | 254 | 1000 | 2000;
export const tooLong = (max: MaxLength) => `validation.maxLength.${max}`;

/** A text to type; `message` is the field's own key, said when it is left empty. */
export const requiredText = (message: string, max: MaxLength = 100) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)));

export const optionalText = (max: MaxLength = 100) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max))));

/** An e-mail address: the length, then the format (zod's pattern), kept in lower case. */
const emailChecks = [z.maxLength(254, tooLong(254)), z.regex(z.regexes.email, "validation.email")] as const;

/** The owner's own e-mail address: to sign in, register, reset a password or change a profile. */
export const email = z.string("validation.yourEmail").check(
  z.trim(),
  // The format is judged once there is something to judge: an empty answer gets one message.
  z.minLength(1, { error: "validation.yourEmail", abort: true }),
  ...emailChecks,
  z.toLowerCase(),
);

/** Someone else's e-mail address, which may be left out. */
export const optionalEmail = z.optional(z.string().check(z.trim(), ...emailChecks));

/** A password typed to prove who one is: anything but nothing. */
export const password = (message: string) =>
  z.string(message).check(z.minLength(1, message), z.maxLength(200, tooLong(200)));

/** A new password (R4). The 80 KB common-password list is checked on the server (app/schemas/account.server.ts). */
export const newPassword = z
  .string("validation.passwordRule")
  .check(z.maxLength(200, tooLong(200)), z.refine(isPasswordAcceptable, "validation.passwordRule"));

/** A new password where a blank one means "keep the one I have". */
export const optionalNewPassword = z.optional(newPassword);

/** A phone as typed: exactly 10 digits with the usual separators, read as 3-3-4; none when blank. */
export const optionalPhone = z.pipe(
  z.optional(
    z.string().check(
      z.trim(),
      z.superRefine((value, ctx) => {
        if (!value) return;
        if (!/^\d*$/.test(phoneDigits(value)))
          ctx.addIssue({ code: "custom", message: "validation.phoneDigits", input: value });
        else if (!parsePhone(value)) ctx.addIssue({ code: "custom", message: "validation.phoneLength", input: value });
      }),
    ),
  ),
  z.transform((value: string | undefined) => (value ? parsePhone(value) : null)),
);

/** A fixed set of answers; `message` is said when none is chosen and for any other value. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, message);

/** A box that sends "on" when ticked. */
export const ticked = z.optional(z.literal("on", "validation.unknownChoice"));

export const interfaceLanguage = choice(["en", "sp"], "validation.yourLanguage");

/** A lookup code (the models also check it exists); `message` is said when nothing is chosen. */
export const requiredCode = (message: string) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(20, "validation.unknownChoice"));
export const optionalCode = z.optional(
  z.string("validation.unknownChoice").check(z.trim(), z.maxLength(20, "validation.unknownChoice")),
);

/** Ticked boxes under one name: their codes, at most `most`. */
export const codes = (most = 30) =>
  z.optional(
    z
      .array(
        z.string("validation.unknownChoice").check(z.maxLength(20, "validation.unknownChoice")),
        "validation.unknownChoice",
      )
      .check(z.maxLength(most, "validation.unknownChoice")),
  );

/** A whole number from `min` to `max`; `range` is said outside them. */
export const wholeNumber = (min: number, max: number, range: string) =>
  z
    .number("validation.wholeNumber")
    .check(z.refine(Number.isInteger, "validation.wholeNumber"), z.gte(min, range), z.lte(max, range));

/** A date typed in the page language's order (dd/mm/aaaa in Spanish) or as YYYY-MM-DD, read as YYYY-MM-DD. */
export const typedDate = (language: Language) =>
  z.pipe(
    z.string("validation.typedDate"),
    z.transform((text: string, ctx) => {
      const date = parseTypedDate(text, language);
      if (!date) ctx.issues.push({ code: "custom", message: "validation.typedDate", input: text });
      return date ?? z.NEVER;
    }),
  );

/** A typed date, which may be left out, and not after `today` (Maryland's): else `future`. */
export const pastDate = (today: string, language: Language, future: string) =>
  z.optional(z.pipe(typedDate(language), z.string().check(z.refine((value) => value <= today, future))));

/** The honeypot: if filled, the action answers as if all went well and does nothing, so a robot learns nothing. */
export const honeypot = z.optional(z.string().check(z.maxLength(2000)));

/** Where to go after signing in (the action keeps it to this site). */
export const redirectTo = z.optional(z.string());

export interface AnswerIssue {
  path: string;
  message: string;
}

/** A form's rule between answers, as a check of its object schema. */
export const across = <T>(issuesOf: (value: T) => Array<AnswerIssue | null | undefined>) =>
  z.superRefine<T>((value, ctx) => {
    for (const issue of issuesOf(value))
      if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message, input: value });
  });
