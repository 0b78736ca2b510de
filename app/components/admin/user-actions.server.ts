import type { AppLoadContext } from "@remix-run/node";
import { getConfig } from "~/config.server";
import {
  NotEligibleError,
  promoteUser,
  resendVerificationEmail,
  sendPasswordReset,
  setUserActive,
} from "~/models/admin-users.server";
import { resetSecondFactor } from "~/models/second-factor.server";
import type { CurrentUser } from "~/models/user.server";
import { redirectWithToast } from "~/services/toast.server";
import { idParam } from "~/utils/route.server";

/** The users list's actions (R89-R91) and a super administrator's second-factor reset (R129); back to `back`. */
export async function userAction(db: AppLoadContext["db"], actor: CurrentUser, form: FormData, back: string) {
  const userId = idParam(String(form.get("user") ?? ""));
  const intent = form.get("intent");
  if (intent === "reset") {
    const { sent } = await sendPasswordReset(db, actor, userId);
    return redirectWithToast(
      back,
      sent ? { key: "toasts.passwordResetSent" } : { kind: "error", key: "toasts.passwordResetNotSent" },
    );
  }
  if (intent === "resendVerification") {
    const { sent } = await resendVerificationEmail(db, actor, userId);
    return redirectWithToast(
      back,
      sent ? { key: "toasts.verificationSent" } : { kind: "error", key: "toasts.verificationNotSent" },
    );
  }
  if (intent === "deactivate" || intent === "activate") {
    await setUserActive(db, actor, userId, intent === "activate");
    return redirectWithToast(back, { key: intent === "activate" ? "toasts.userActivated" : "toasts.userDeactivated" });
  }
  if (intent === "promote") {
    try {
      await promoteUser(db, actor, userId, getConfig().ADMIN_EMAIL_DOMAINS);
    } catch (error) {
      if (error instanceof NotEligibleError)
        return redirectWithToast(back, { kind: "error", key: `admin:actions.cannotPromote.${error.problem}` });
      throw error;
    }
    return redirectWithToast(back, { key: "toasts.userPromoted" });
  }
  if (intent === "resetSecondFactor") {
    const { reset } = await resetSecondFactor(db, actor, userId);
    return redirectWithToast(
      back,
      reset ? { key: "toasts.secondFactorReset" } : { kind: "info", key: "toasts.userUpdated" },
    );
  }
  return redirectWithToast(back, { kind: "info", key: "toasts.userUpdated" });
}
