import * as z from "zod/mini";
import { redirectTo, requiredText } from "./fields";

// The second factor's forms (R129).

/** Six digits, as an authenticator app shows them (spaces between them are left out). */
export const SIX_DIGITS = /^\d{6}$/;
export const withoutSpaces = (text: string) => text.replace(/\s+/g, "");

export const secondFactorCode = z
  .string("validation.secondFactorCode")
  .check(z.overwrite(withoutSpaces), z.regex(SIX_DIGITS, "validation.secondFactorCode"));

/** The app's code: at sign-in, to confirm a set-up, to turn the second factor off. */
export const SecondFactorCodeSchema = z.object({ code: secondFactorCode, redirectTo });

/** A recovery code instead of the app's. */
export const RecoveryCodeSchema = z.object({ recoveryCode: requiredText("validation.recoveryCode", 60), redirectTo });

/** The code mailed to the account before an app is bound to it at sign-in: six digits too. */
export const MailCodeSchema = z.object({
  code: z.string("validation.mailCode").check(z.overwrite(withoutSpaces), z.regex(SIX_DIGITS, "validation.mailCode")),
  redirectTo,
});
