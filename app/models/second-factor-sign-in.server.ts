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

// The sign-in's second step (docs/product-rules.md R129), for a session past the password and waiting: the app's code
// or a recovery code, the code mailed to an administrator before they bind an app, and the set-up they are then led
// to; each ends in a new session. The factor's own set-up and removal, from the profile, are second-factor.server.ts.

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

/**
 * The sign-in's second step (R129): the app's code, or a recovery code, for the session that passed the password,
 * under the limits of code-guard.server.ts; a recovery code is recorded. The person is then signed in under a new
 * session (the waiting one is gone): its cookie.
 */
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
    await guardedCode(db, holder.id, clientIp, () => writeTransaction(db, (trx) => takeCode(trx, holder.id, input, clientIp)));
    await recordSignIn(db, holder.id, clientIp);
    return { cookie: await renewSession(db, sessionIdHash, holder.id) };
  },
);

/** Whose sign-in waits for the code mailed to their account, before they bind an app: the session's person. */
export const mailCodeHolder = traced("model.mailCodeHolder", async function mailCodeHolder(db: DB, sessionIdHash: string): Promise<CodeHolder> {
  const holder = await waitingSession(db, sessionIdHash, "mailCode");
  if (!holder) throw new ForbiddenError("no sign-in waits for a mailed code");
  return holder;
});

/**
 * Another code mailed for a sign-in that waits for one (the first did not arrive, or the person lost it): the code
 * before it stops working. Five an hour to one account at most: past that, nothing is sent, and the wait is said.
 */
export const resendMailCode = traced("model.resendMailCode", async function resendMailCode(db: DB, sessionIdHash: string): Promise<
  { sent: true } | { sent: false; retryAfterSeconds: number }
> {
  const holder = await mailCodeHolder(db, sessionIdHash);
  const { code, hash } = newMailCode();
  const sent = await mailCodeTo(db, holder.id, code);
  if (sent.sent)
    await db.updateTable("sessions").set({ mail_code_hash: hash }).where("id_hash", "=", sessionIdHash).where("awaiting", "=", "mailCode").execute();
  return sent;
});

/**
 * The code mailed to the account, for the sign-in that waits for it (R129), under the limits of code-guard.server.ts
 * (a wrong one counts as a wrong code of the second step): the session then waits for the app's set-up, five minutes
 * from now, and the code is gone.
 */
export const passMailCode = traced(
  "model.passMailCode",
  async function passMailCode(db: DB, sessionIdHash: string, code: string, clientIp: string): Promise<void> {
    const holder = await mailCodeHolder(db, sessionIdHash);
    await guardedCode(db, holder.id, clientIp, () =>
      writeTransaction(db, async (trx) => {
        // R135: the session's row, so a code sent twice at once is taken once.
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
          .set({ awaiting: "setup", mail_code_hash: null, expires_at: new Date(Date.now() + AWAITING_MAX_AGE_MS).toISOString() })
          .where("id_hash", "=", sessionIdHash)
          .execute();
      }),
    );
  },
);

/** Who is setting up a second factor at sign-in (an administrator without one): the session's person. */
export const setupHolder = traced("model.setupHolder", async function setupHolder(db: DB, sessionIdHash: string): Promise<CodeHolder> {
  const holder = await waitingSession(db, sessionIdHash, "setup");
  if (!holder) throw new ForbiddenError("no sign-in waits for a set-up");
  return holder;
});

/**
 * The set-up an administrator without a second factor is led to at sign-in: confirmed as from the profile, then the
 * person is signed in under a new session. The recovery codes to show once, and the new session's cookie.
 */
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
