import { createHash, randomBytes, randomInt } from "node:crypto";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import base32Encode from "base32-encode";
import type { SessionAwaiting } from "../../db/schema";
import { AWAITING_MAX_AGE_MS, destroyUserSessions, renewSession, SessionGoneError } from "~/auth/session.server";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import { withoutSpaces } from "~/schemas/second-factor";
import { sendAccountNotice } from "~/services/emails.server";
import { openSecret, sealSecret } from "~/services/secret-box.server";
import { endApiKeysOf } from "./api-key.server";
import { guardedCode } from "./code-guard.server";
import { isMailCode, mailCodeTo, newMailCode } from "./mail-code.server";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import { mayRemoveSecondFactor, mayResetSecondFactor, mayViewRecordsOf, type Actor } from "./policy";
import { recordSecurityEvent } from "./security-events.server";
import { getMailRecipient, recordSignIn, secondFactorRequiredFor } from "./user.server";
import { traced } from "~/services/trace.server";

// The second factor of signing in (docs/product-rules.md R129): an authenticator app (TOTP, RFC 6238) that every
// administrator must have and a referrer may add, and ten recovery codes that stand in for it once each. The codes'
// arithmetic is @epic-web/totp's; here, who may, what is kept (the app's key sealed with SECRETS_KEY, and shown at
// one set-up for one session only), the sign-in's second step and its new session, the limits (code-guard.server.ts),
// the record and the e-mails.

/** What every authenticator app reads from the QR code: RFC 6238's defaults. */
const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
const ISSUER = "Maryland Infants and Toddlers Program";
const RECOVERY_CODES = 10;
/** Letters and digits that cannot be taken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/**
 * 24 of them: 118 bits, past the 112 at which a code kept as a plain SHA-256 cannot be found from its hash (ASVS 2.6.2),
 * shown in four groups of six. Codes made before of 10 letters (49 bits) still work until used or replaced.
 */
const RECOVERY_LETTERS = 24;
const RECOVERY_GROUP = 6;

/** The person the codes are for, as the sign-in and the profile know them. */
export interface CodeHolder {
  id: number;
  email: string;
}

/** The security events of a person's second factor (R129, R133), which their account's page shows. */
const RECORDED = ["secondFactorAdded", "secondFactorRemoved", "recoveryCodeUsed", "secondFactorReset"] as const;

/** A recovery code as typed: lower case, without dashes or spaces. */
const recoveryKey = (typed: string) => typed.toLowerCase().replace(/[^a-z0-9]/g, "");
const hashRecoveryCode = (typed: string) => createHash("sha256").update(recoveryKey(typed)).digest("hex");

/** Ten new recovery codes as shown (four groups of six), and their hashes as kept. */
function newRecoveryCodes(): Array<{ code: string; hash: string }> {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const letters = Array.from({ length: RECOVERY_LETTERS }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    const code = letters.match(new RegExp(`.{${RECOVERY_GROUP}}`, "g"))!.join("-");
    return { code, hash: hashRecoveryCode(code) };
  });
}

/** A new key for an app: 20 random bytes (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
function newAppKey(): string {
  return base32Encode(randomBytes(20), "RFC4648", { padding: false });
}

/** What a person's sealed key is bound to: a key copied to another person's row does not open there. */
const keyContext = (userId: number) => `totp:${userId}`;

/** The 30-second step a code belongs to when the app would show it now, a step before or a step after (clock drift); else null. */
async function stepOfCode(secret: string, code: string): Promise<number | null> {
  const verified = await verifyTOTP({ otp: withoutSpaces(code), secret, ...TOTP, window: 1 });
  // Read after the check: had a step begun during it, the step is counted the later one, so a code is never taken twice.
  return verified ? Math.floor(Date.now() / 1000 / TOTP.period) + verified.delta : null;
}

const wrong = (key: string) => new InputError({ code: [key] });

/**
 * Takes a code of the person's confirmed app, or one of their unused recovery codes, once: the app's code of a step
 * not later than the last one taken is refused as used. A refusal is said beside the field the code was typed in.
 */
async function takeCode(trx: DB, userId: number, input: { code: string } | { recoveryCode: string }, clientIp: string): Promise<void> {
  // R135: the person's row, so one code (or recovery code) sent twice at once is taken once.
  await holdRows(trx, "users", "id", [userId]);
  if ("recoveryCode" in input) {
    const used = await trx
      .updateTable("recovery_codes")
      .set({ used_at: new Date().toISOString() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", hashRecoveryCode(input.recoveryCode))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (!Number(used.numUpdatedRows)) throw new InputError({ recoveryCode: ["validation.recoveryCodeWrong"] });
    await recordSecurityEvent(trx, { kind: "recoveryCodeUsed", actorUserId: userId, subjectUserId: userId, address: clientIp });
    return;
  }
  const factor = await trx
    .selectFrom("second_factors")
    .select(["secret", "last_used_step"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!factor) throw new NotFoundError("second factor");
  const step = await stepOfCode(openSecret(factor.secret, keyContext(userId)), input.code);
  if (step === null) throw wrong("validation.secondFactorWrong");
  if (factor.last_used_step !== null && step <= factor.last_used_step) throw wrong("validation.secondFactorUsed");
  await trx.updateTable("second_factors").set({ last_used_step: step }).where("user_id", "=", userId).execute();
}

/** Whether a person must, or may, have a second factor; whether they have one; how many recovery codes are left. */
export const secondFactorOf = traced("model.secondFactorOf", async function secondFactorOf(db: DB, actor: Actor, userId: number) {
  if (!mayViewRecordsOf(actor, userId)) throw new NotFoundError("user");
  const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map((row) => row.role);
  if (!roles.length) throw new NotFoundError("user");
  const factor = await db.selectFrom("second_factors").select("confirmed_at").where("user_id", "=", userId).executeTakeFirst();
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    required: secondFactorRequiredFor(roles),
    enabled: Boolean(factor?.confirmed_at),
    confirmedAt: factor?.confirmed_at ?? null,
    recoveryCodesLeft: Number(left.count),
  };
});

/**
 * A set-up of the person's that is not confirmed yet: whether one was begun, and its key when it was shown to this
 * session (null when to another). ForbiddenError once a second factor is confirmed.
 */
async function setupOf(trx: DB, userId: number, sessionIdHash: string): Promise<{ begun: boolean; shown: string | null }> {
  const row = await trx.selectFrom("second_factors").select(["secret", "confirmed_at", "setup_session_hash"]).where("user_id", "=", userId).executeTakeFirst();
  if (row?.confirmed_at) throw new ForbiddenError("a second factor is set up already");
  return { begun: Boolean(row), shown: row && row.setup_session_hash === sessionIdHash ? openSecret(row.secret, keyContext(userId)) : null };
}

/**
 * The set-up's first step, for the person themself, in one session: the key their app is to keep, and the address a QR
 * code gives it (otpauth://). The key belongs to this session's set-up: shown again to it (a page reloaded, a wrong
 * code), never to another, which gets a new one; a key shown before is then gone, and only the session it was shown
 * to may confirm it. Once one is confirmed, a new set-up is refused until it is removed.
 */
export const beginSecondFactorSetup = traced(
  "model.beginSecondFactorSetup",
  async function beginSecondFactorSetup(db: DB, holder: CodeHolder, sessionIdHash: string): Promise<{ secret: string; uri: string }> {
    return writeTransaction(db, async (trx) => {
      // R135: every change to a person's second step holds their account's row: one at a time for each person.
      await holdRows(trx, "users", "id", [holder.id]);
      const { begun, shown } = await setupOf(trx, holder.id, sessionIdHash);
      let secret = shown;
      if (!secret) {
        secret = newAppKey();
        const row = {
          secret: sealSecret(secret, keyContext(holder.id)),
          created_at: new Date().toISOString(),
          setup_session_hash: sessionIdHash,
          last_used_step: null,
        };
        if (begun) await trx.updateTable("second_factors").set(row).where("user_id", "=", holder.id).execute();
        else
          await trx
            .insertInto("second_factors")
            .values({ user_id: holder.id, ...row })
            .execute();
      }
      return { secret, uri: getTOTPAuthUri({ ...TOTP, secret, accountName: holder.email, issuer: ISSUER }) };
    });
  },
);

/**
 * The set-up's second step, in the session that was shown the key: a code of the app proves it keeps the key. The
 * factor is on from then on, ten new recovery codes are made (returned to be shown once; only their hashes are kept),
 * the set-up is recorded, and the person is told by e-mail. Codes are guessed under the limits of code-guard.server.ts.
 */
export const confirmSecondFactor = traced(
  "model.confirmSecondFactor",
  async function confirmSecondFactor(db: DB, holder: CodeHolder, sessionIdHash: string, code: string, clientIp: string): Promise<{ recoveryCodes: string[] }> {
    const codes = newRecoveryCodes();
    await guardedCode(db, holder.id, clientIp, () =>
      writeTransaction(db, async (trx) => {
        await holdRows(trx, "users", "id", [holder.id]);
        // No key was shown to this session: no code can be right.
        const { shown } = await setupOf(trx, holder.id, sessionIdHash);
        const step = shown ? await stepOfCode(shown, code) : null;
        if (step === null) throw wrong("validation.secondFactorWrong");
        await trx
          .updateTable("second_factors")
          .set({ confirmed_at: new Date().toISOString(), last_used_step: step, setup_session_hash: null })
          .where("user_id", "=", holder.id)
          .execute();
        await trx.deleteFrom("recovery_codes").where("user_id", "=", holder.id).execute();
        await trx
          .insertInto("recovery_codes")
          .values(codes.map(({ hash }) => ({ user_id: holder.id, code_hash: hash })))
          .execute();
        await recordSecurityEvent(trx, { kind: "secondFactorAdded", actorUserId: holder.id, subjectUserId: holder.id, address: clientIp });
      }),
    );
    await mailHolder(db, holder.id, "added");
    return { recoveryCodes: codes.map(({ code }) => code) };
  },
);

async function mailHolder(db: DB, userId: number, kind: "added" | "removed") {
  const recipient = await getMailRecipient(db, userId);
  if (recipient) await sendAccountNotice(recipient, `secondFactor.${kind}`);
}

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

/**
 * A code of the signed-in person's own app (or a recovery code), asked again before something an attacker holding a
 * session alone must not do (making an API key): taken once, under the same limits as at sign-in.
 */
export const proveSecondFactor = traced(
  "model.proveSecondFactor",
  async function proveSecondFactor(db: DB, holder: CodeHolder, input: { code: string } | { recoveryCode: string }, clientIp: string): Promise<void> {
    const factor = await db
      .selectFrom("second_factors")
      .select("user_id")
      .where("user_id", "=", holder.id)
      .where("confirmed_at", "is not", null)
      .executeTakeFirst();
    // Without an app set up there is no code to give: said beside the field, as a wrong one is.
    if (!factor) throw wrong("validation.secondFactorWrong");
    await guardedCode(db, holder.id, clientIp, () => writeTransaction(db, (trx) => takeCode(trx, holder.id, input, clientIp)));
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

/**
 * A referrer turns their second factor off (administrators keep theirs: ForbiddenError), with a code of the app or a
 * recovery code, counted with the sign-in attempts. The app's secret and the recovery codes are gone, the removal is
 * recorded and the person is told by e-mail.
 */
export const removeSecondFactor = traced(
  "model.removeSecondFactor",
  async function removeSecondFactor(db: DB, actor: Actor & CodeHolder, input: { code: string } | { recoveryCode: string }, clientIp: string): Promise<void> {
    if (!mayRemoveSecondFactor(actor)) throw new ForbiddenError("administrators keep their second factor");
    await guardedCode(db, actor.id, clientIp, () =>
      writeTransaction(db, async (trx) => {
        await takeCode(trx, actor.id, input, clientIp);
        await trx.deleteFrom("second_factors").where("user_id", "=", actor.id).execute();
        await trx.deleteFrom("recovery_codes").where("user_id", "=", actor.id).execute();
        await recordSecurityEvent(trx, { kind: "secondFactorRemoved", actorUserId: actor.id, subjectUserId: actor.id, address: clientIp });
      }),
    );
    await mailHolder(db, actor.id, "removed");
  },
);

/**
 * A super administrator's reset of someone who lost both their app and their recovery codes: the second factor is
 * gone, every session of theirs ends (an administrator sets one up again at the next sign-in), the reset is
 * recorded, and the person is told by e-mail. `reset: false` when there was none.
 */
export const resetSecondFactor = traced("model.resetSecondFactor", async function resetSecondFactor(db: DB, actor: Actor, userId: number): Promise<{
  reset: boolean;
}> {
  const target = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!target || !actor.isAdmin) throw new NotFoundError("user");
  if (!mayResetSecondFactor(actor, { id: userId })) throw new ForbiddenError("super administrators only, and not their own");
  const reset = await writeTransaction(db, async (trx) => {
    await holdRows(trx, "users", "id", [userId]);
    const removed = await trx.deleteFrom("second_factors").where("user_id", "=", userId).executeTakeFirst();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    if (!Number(removed.numDeletedRows)) return false;
    await destroyUserSessions(trx, userId);
    await endApiKeysOf(trx, userId, "secondFactorReset");
    await recordSecurityEvent(trx, { kind: "secondFactorReset", actorUserId: actor.id, subjectUserId: userId });
    return true;
  });
  if (reset) await mailHolder(db, userId, "removed");
  return { reset };
});

/** A person's second factor as recorded (set up, removed, recovery codes used, resets), newest first, for administrators. */
export const secondFactorHistory = traced("model.secondFactorHistory", async function secondFactorHistory(db: DB, actor: Actor, userId: number) {
  if (!actor.isAdmin) throw new ForbiddenError("administrators only");
  return db
    .selectFrom("security_events as e")
    .leftJoin("users as u", "u.id", "e.actor_user_id")
    .select(["e.id", "e.at", "e.kind as action", "u.first_name", "u.last_name", "u.email"])
    .where("e.subject_user_id", "=", userId)
    .where("e.kind", "in", RECORDED)
    .orderBy("e.at", "desc")
    .orderBy("e.id", "desc")
    .execute();
});
