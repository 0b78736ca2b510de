import type { DB } from "~/db.server";
import {
  sendAccountNotice,
  sendAlreadyRegisteredEmail,
  sendPasswordResetEmail,
  sendVerificationEmail,
} from "~/services/emails.server";
import { addressKey, hitRateLimit, type RateLimitResult } from "~/services/rate-limit.server";
import {
  answerSecurityQuestions,
  createEmailVerification,
  requestPasswordReset,
  resetPassword,
  type AnswerResult,
} from "./account-token.server";
import type { Registration } from "~/schemas/account.server";
import { afterAnswer } from "~/services/after-answer.server";
import { verifyCaptcha } from "~/services/captcha.server";
import { endApiKeysOf } from "./api-key.server";
import { byOwner, recordSecurityEvent } from "./security-events.server";
import { EmailTakenError, findUserIdByEmail, getMailRecipient, registerUser } from "./user.server";
import { traced } from "~/services/trace.server";

// Flows started signed out, each rate limited, shared by pages and JSON (R103). Answers never reveal whether an account
// exists.

type Limited = { status: "rateLimited"; limit: RateLimitResult };

function limited(limit: RateLimitResult): Limited {
  return { status: "rateLimited", limit };
}

/**
 * Mails a reset link. A filled robot trap is answered as done. The lookup and mail run after the answer, so timing
 * does not reveal whether the address has an account (R8).
 */
export const forgotPassword = traced(
  "model.forgotPassword",
  async function forgotPassword(
    db: DB,
    input: { email: string; website?: string },
    clientIp: string | undefined,
  ): Promise<{ status: "done" } | Limited> {
    if (input.website) return { status: "done" };
    const email = input.email;
    const byAddress = await hitRateLimit(db, "forgotPasswordAddress", addressKey(clientIp ?? "unknown"));
    if (!byAddress.allowed) return limited(byAddress);
    const byAccount = await hitRateLimit(db, "forgotPassword", email);
    if (!byAccount.allowed) return limited(byAccount);
    afterAnswer("The password reset mail", async () => {
      const reset = await requestPasswordReset(db, email);
      if (reset)
        await recordSecurityEvent(db, { kind: "passwordResetAsked", subjectUserId: reset.userId, address: clientIp });
      const recipient = reset ? await getMailRecipient(db, reset.userId) : undefined;
      if (reset && recipient) await sendPasswordResetEmail(recipient, reset.token);
    });
    return { status: "done" };
  },
);

export class CaptchaRefusedError extends Error {
  name = "CaptchaRefusedError";
}

/**
 * Registration, page and POST /api/users. A taken address is answered alike (R1); its owner is mailed instead (the
 * link again while unverified, else a notice).
 */
export const register = traced(
  "model.register",
  async function register(
    db: DB,
    input: Registration,
    clientIp: string | undefined,
  ): Promise<{ status: "registered" } | Limited> {
    const limit = await hitRateLimit(db, "register", addressKey(clientIp ?? "unknown"));
    if (!limit.allowed) return limited(limit);
    if (!(await verifyCaptcha(input.captchaToken, clientIp))) throw new CaptchaRefusedError("captcha refused");
    let id: number;
    try {
      ({ id } = await registerUser(db, input));
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      const knownId = await findUserIdByEmail(db, input.email);
      const known = knownId === null ? undefined : await getMailRecipient(db, knownId);
      if (known && !known.enabled && !known.locked)
        await sendVerificationEmail(known, await createEmailVerification(db, known.id));
      else if (known && !known.locked) await sendAlreadyRegisteredEmail(known);
      return { status: "registered" };
    }
    const recipient = await getMailRecipient(db, id);
    if (recipient) await sendVerificationEmail(recipient, await createEmailVerification(db, id));
    return { status: "registered" };
  },
);

export const resendVerification = traced(
  "model.resendVerification",
  async function resendVerification(db: DB, email: string): Promise<{ status: "done" } | Limited> {
    const limit = await hitRateLimit(db, "resendVerification", email);
    if (!limit.allowed) return limited(limit);
    const row = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .where("enabled", "=", 0)
      .executeTakeFirst();
    const recipient = row ? await getMailRecipient(db, row.id) : undefined;
    if (recipient) await sendVerificationEmail(recipient, await createEmailVerification(db, recipient.id));
    return { status: "done" };
  },
);

/** The reset link's security questions, answered from the page or POST /security_questions. */
export const submitSecurityAnswers = traced(
  "model.submitSecurityAnswers",
  async function submitSecurityAnswers(
    db: DB,
    input: { token: string; securityAnswer1: string; securityAnswer2: string },
    clientIp: string | undefined,
  ): Promise<AnswerResult | Limited> {
    const limit = await hitRateLimit(db, "securityAnswers", addressKey(clientIp ?? "unknown"));
    if (!limit.allowed) return limited(limit);
    return answerSecurityQuestions(db, input.token, input.securityAnswer1, input.securityAnswer2);
  },
);

/** The new password, from the page or POST /reset. */
export const submitNewPassword = traced(
  "model.submitNewPassword",
  async function submitNewPassword(
    db: DB,
    input: { token: string; plainPassword: string },
    clientIp: string | undefined,
  ): Promise<{ status: "reset" | "invalid" | "unanswered" } | Limited> {
    const limit = await hitRateLimit(db, "resetPassword", addressKey(clientIp ?? "unknown"));
    if (!limit.allowed) return limited(limit);
    const outcome = await resetPassword(db, input.token, input.plainPassword);
    if (outcome.status === "reset") {
      await recordSecurityEvent(db, { kind: "passwordReset", ...byOwner(outcome.userId), address: clientIp });
      // The sessions ended with the link; the API keys the person made end too, and they are told (R10).
      await endApiKeysOf(db, outcome.userId, "passwordChanged");
      const recipient = await getMailRecipient(db, outcome.userId);
      if (recipient) await sendAccountNotice(recipient, "passwordChanged");
    }
    return { status: outcome.status };
  },
);
