import type { SessionAwaiting } from "../../db/schema";
import { AWAITING_MAX_AGE_MS, renewSession, SessionGoneError } from "~/auth/session.server";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import { withoutSpaces } from "~/schemas/second-factor";
import { guardedCode } from "./code-guard.server";
import { ForbiddenError } from "./errors";
import { isMailCode, mailCodeTo, newMailCode } from "./mail-code.server";
import { confirmSecondFactor, type CodeHolder } from "./second-factor.server";
import { takeCode, wrong } from "./second-factor-codes.server";
import { recordSignIn } from "./user.server";
import { traced } from "~/services/trace.server";

// The sign-in's second step (R129), for a session past the password; each way through ends in a new session.

/** A session past the password, waiting for `awaiting`; null when the session is not that. */
async function waitingSession(db: DB, sessionIdHash: string, awaiting: SessionAwaiting) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email"])
    .where("sessions.id_hash", "=", sessionIdHash)
    .where("sessions.awaiting", "=", awaiting)
    .executeTakeFirst();
}

/** An app or recovery code for the waiting session; returns the new session's cookie. */
export const passSecondFactor = traced(
  "model.passSecondFactor",
  async function passSecondFactor(
    db: DB,
    sessionIdHash: string,
    input: { code: string } | { recoveryCode: string },
    clientIp: string,
  ): Promise<{ cookie: string }> {
    const holder = await waitingSession(db, sessionIdHash, "code");
    if (!holder) throw new ForbiddenError("no sign-in waits for a code");
    await guardedCode(db, holder.id, clientIp, () =>
      writeTransaction(db, (trx) => takeCode(trx, holder.id, input, clientIp)),
    );
    await recordSignIn(db, holder.id, clientIp);
    return { cookie: await renewSession(db, sessionIdHash, holder.id) };
  },
);

/** The person whose sign-in waits for a mailed code, before they bind an app. */
export const mailCodeHolder = traced(
  "model.mailCodeHolder",
  async function mailCodeHolder(db: DB, sessionIdHash: string): Promise<CodeHolder> {
    const holder = await waitingSession(db, sessionIdHash, "mailCode");
    if (!holder) throw new ForbiddenError("no sign-in waits for a mailed code");
    return holder;
  },
);

/** Mails a new code, voiding the last; at most five an hour per account, else the wait is returned. */
export const resendMailCode = traced(
  "model.resendMailCode",
  async function resendMailCode(
    db: DB,
    sessionIdHash: string,
  ): Promise<{ sent: true } | { sent: false; retryAfterSeconds: number }> {
    const holder = await mailCodeHolder(db, sessionIdHash);
    const { code, hash } = newMailCode();
    const sent = await mailCodeTo(db, holder.id, code);
    if (sent.sent)
      await db
        .updateTable("sessions")
        .set({ mail_code_hash: hash })
        .where("id_hash", "=", sessionIdHash)
        .where("awaiting", "=", "mailCode")
        .execute();
    return sent;
  },
);

/** The mailed code (limited as the second step's): the session then waits for the app's set-up. */
export const passMailCode = traced(
  "model.passMailCode",
  async function passMailCode(db: DB, sessionIdHash: string, code: string, clientIp: string): Promise<void> {
    const holder = await mailCodeHolder(db, sessionIdHash);
    await guardedCode(db, holder.id, clientIp, () =>
      writeTransaction(db, async (trx) => {
        // R135: a code sent twice at once is taken once.
        await holdRows(trx, "sessions", "id_hash", [sessionIdHash]);
        const session = await trx
          .selectFrom("sessions")
          .select("mail_code_hash")
          .where("id_hash", "=", sessionIdHash)
          .where("awaiting", "=", "mailCode")
          .executeTakeFirst();
        if (!session) throw new SessionGoneError("the mailed code was taken already");
        if (!isMailCode(withoutSpaces(code), session.mail_code_hash)) throw wrong("validation.mailCodeWrong");
        await trx
          .updateTable("sessions")
          .set({
            awaiting: "setup",
            mail_code_hash: null,
            expires_at: new Date(Date.now() + AWAITING_MAX_AGE_MS).toISOString(),
          })
          .where("id_hash", "=", sessionIdHash)
          .execute();
      }),
    );
  },
);

/** The administrator setting up a second factor at sign-in. */
export const setupHolder = traced(
  "model.setupHolder",
  async function setupHolder(db: DB, sessionIdHash: string): Promise<CodeHolder> {
    const holder = await waitingSession(db, sessionIdHash, "setup");
    if (!holder) throw new ForbiddenError("no sign-in waits for a set-up");
    return holder;
  },
);

/** Confirms the set-up at sign-in; returns the recovery codes to show once and the new session's cookie. */
export const confirmSecondFactorAtSignIn = traced(
  "model.confirmSecondFactorAtSignIn",
  async function confirmSecondFactorAtSignIn(
    db: DB,
    sessionIdHash: string,
    code: string,
    clientIp: string,
  ): Promise<{ recoveryCodes: string[]; cookie: string }> {
    const holder = await setupHolder(db, sessionIdHash);
    const { recoveryCodes } = await confirmSecondFactor(db, holder, sessionIdHash, code, clientIp);
    await recordSignIn(db, holder.id, clientIp);
    return { recoveryCodes, cookie: await renewSession(db, sessionIdHash, holder.id) };
  },
);
