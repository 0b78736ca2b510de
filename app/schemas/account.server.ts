import * as z from "zod/mini";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { isPasswordAcceptable } from "~/utils/password";
import * as account from "./account";

// The account forms as actions parse them: the browser's schemas plus the 80 KB common-password list (server only).

/** Checked even when other answers are refused, so the person hears of it with the rest (as a field's own rule). */
const notCommon = <Field extends string>(field: Field) =>
  z.refine<Partial<Record<Field, unknown>>>(
    (value) => {
      const chosen = value[field];
      return !(typeof chosen === "string" && isPasswordAcceptable(chosen) && isCommonPassword(chosen));
    },
    { path: [field], message: "validation.passwordCommon", when: () => true },
  );

export const RegistrationSchema = account.RegistrationSchema.check(notCommon("password"));
export const ProfileSchema = account.ProfileSchema.check(notCommon("newPassword"));
export const ResetPasswordSchema = account.ResetPasswordSchema.check(notCommon("plainPassword"));

export {
  ForgotPasswordSchema,
  ResendVerificationSchema,
  SecurityAnswersSchema,
  SignInSchema,
  type ProfileUpdate,
  type Registration,
} from "./account";
