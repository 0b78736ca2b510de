import { createHash, randomInt } from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { completeSession, destroyUserSessions } from "~/auth/session.server";
import { writeTransaction, type DB } from "~/db.server";
import { withoutSpaces } from "~/schemas/second-factor-checks";
import { sendSecondFactorEmail } from "~/services/emails.server";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import { clearSignInAttempts, countSignInAttempt } from "./sign-in.server";
import { mayRemoveSecondFactor, mayResetSecondFactor, mayViewRecordsOf, mustHaveSecondFactor, type Actor } from "./policy";
import { getMailRecipient, hasAdminRole, recordSignIn } from "./user.server";

// The second factor of signing in (docs/product-rules.md R129): an authenticator app (TOTP, RFC 6238) that every
// administrator must have and a referrer may add, and ten recovery codes that stand in for it once each. The codes'
// arithmetic is @epic-web/totp's; here, who may, what is kept, the sign-in's second step, the limits, the record
// and the e-mails.

/** What every authenticator app reads from the QR code: RFC 6238's defaults. */
const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
const ISSUER = "Maryland Infants and Toddlers Program";
const RECOVERY_CODES = 10;
/** Letters and digits that cannot be taken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** The person the codes are for, as the sign-in and the profile know them. */
export interface CodeHolder {
  id: number;
  email: string;
}

/** What the record of access keeps of a person's second factor (R129). */
const RECORDED = ["secondFactorAdded", "secondFactorRemoved", "recoveryCodeUsed", "secondFactorReset"] as const;
type SecondFactorRecordAction = (typeof RECORDED)[number];

/** A recovery code as typed: lower case, without dashes or spaces. */
const recoveryKey = (typed: string) => typed.toLowerCase().replace(/[^a-z0-9]/g, "");
const hashRecoveryCode = (typed: string) => createHash("sha256").update(recoveryKey(typed)).digest("hex");

/** Ten new recovery codes as shown (two groups of five), and their hashes as kept. */
function newRecoveryCodes(): Array<{ code: string; hash: string }> {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    const code = `${letters.slice(0, 5)}-${letters.slice(5)}`;
    return { code, hash: hashRecoveryCode(code) };
  });
}

/** The 30-second step a code belongs to when the app would show it now, a step before or a step after (clock drift); else null. */
async function stepOfCode(secret: string, code: string): Promise<number | null> {
  const verified = await verifyTOTP({ otp: withoutSpaces(code), secret, ...TOTP, window: 1 });
  // Read after the check: had a step begun during it, the step is counted the later one, so a code is never taken twice.
  return verified ? Math.floor(Date.now() / 1000 / TOTP.period) + verified.delta : null;
}

async function record(db: DB, action: SecondFactorRecordAction, userId: number, actorId: number) {
  await db
    .insertInto("audit_events")
    .values({ at: new Date().toISOString(), actor_user_id: actorId, action, entity_type: "user", entity_id: userId, referral_id: null })
    .execute();
}

const wrong = (key: string) => new InputError({ code: [key] });

/**
 * Takes a code of the person's confirmed app, or one of their unused recovery codes, once: the app's code of a step
 * not later than the last one taken is refused as used. A refusal is said beside the field the code was typed in.
 */
async function takeCode(trx: DB, userId: number, input: { code: string } | { recoveryCode: string }): Promise<void> {
  if ("recoveryCode" in input) {
    const used = await trx
      .updateTable("recovery_codes")
      .set({ used_at: new Date().toISOString() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", hashRecoveryCode(input.recoveryCode))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (!Number(used.numUpdatedRows)) throw new InputError({ recoveryCode: ["validation.recoveryCodeWrong"] });
    await record(trx, "recoveryCodeUsed", userId, userId);
    return;
  }
  const factor = await trx
    .selectFrom("second_factors")
    .select(["secret", "last_used_step"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!factor) throw new NotFoundError("second factor");
  const step = await stepOfCode(factor.secret, input.code);
  if (step === null) throw wrong("validation.secondFactorWrong");
  if (factor.last_used_step !== null && step <= factor.last_used_step) throw wrong("validation.secondFactorUsed");
  await trx.updateTable("second_factors").set({ last_used_step: step }).where("user_id", "=", userId).execute();
}

/** Whether a person must, or may, have a second factor; whether they have one; how many recovery codes are left. */
export async function secondFactorOf(db: DB, actor: Actor, userId: number) {
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
    required: mustHaveSecondFactor({ isAdmin: hasAdminRole(roles) }),
    enabled: Boolean(factor?.confirmed_at),
    confirmedAt: factor?.confirmed_at ?? null,
    recoveryCodesLeft: Number(left.count),
  };
}

/**
 * The set-up's first step, for the person themself: the secret their app is to keep, and the address a QR code
 * gives it (otpauth://). A set-up begun and not finished keeps its secret, so the code shown again is the same one
 * the app may have read; once one is confirmed, a new set-up is refused until it is removed.
 */
export async function beginSecondFactorSetup(db: DB, holder: CodeHolder): Promise<{ secret: string; uri: string }> {
  return writeTransaction(db, async (trx) => {
    const existing = await trx.selectFrom("second_factors").select(["secret", "confirmed_at"]).where("user_id", "=", holder.id).executeTakeFirst();
    if (existing?.confirmed_at) throw new ForbiddenError("a second factor is set up already");
    let secret = existing?.secret;
    if (!secret) {
      ({ secret } = await generateTOTP(TOTP));
      await trx.insertInto("second_factors").values({ user_id: holder.id, secret, created_at: new Date().toISOString() }).execute();
    }
    return { secret, uri: getTOTPAuthUri({ ...TOTP, secret, accountName: holder.email, issuer: ISSUER }) };
  });
}

/**
 * The set-up's second step: a code of the app proves it keeps the secret. The factor is on from then on, ten new
 * recovery codes are made (returned to be shown once; only their hashes are kept), the set-up is recorded, and the
 * person is told by e-mail. A wrong code counts with the sign-in attempts.
 */
export async function confirmSecondFactor(db: DB, holder: CodeHolder, code: string): Promise<{ recoveryCodes: string[] }> {
  await countSignInAttempt(db, holder.email);
  const codes = newRecoveryCodes();
  await writeTransaction(db, async (trx) => {
    const pending = await trx.selectFrom("second_factors").select(["secret", "confirmed_at"]).where("user_id", "=", holder.id).executeTakeFirst();
    if (pending?.confirmed_at) throw new ForbiddenError("a second factor is set up already");
    // No set-up begun (no key was shown): no code can be right.
    const step = pending ? await stepOfCode(pending.secret, code) : null;
    if (step === null) throw wrong("validation.secondFactorWrong");
    await trx.updateTable("second_factors").set({ confirmed_at: new Date().toISOString(), last_used_step: step }).where("user_id", "=", holder.id).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", holder.id).execute();
    await trx
      .insertInto("recovery_codes")
      .values(codes.map(({ hash }) => ({ user_id: holder.id, code_hash: hash })))
      .execute();
    await record(trx, "secondFactorAdded", holder.id, holder.id);
  });
  await clearSignInAttempts(db, holder.email);
  await mailHolder(db, holder.id, "added");
  return { recoveryCodes: codes.map(({ code }) => code) };
}

async function mailHolder(db: DB, userId: number, kind: "added" | "removed") {
  const recipient = await getMailRecipient(db, userId);
  if (recipient) await sendSecondFactorEmail(recipient, kind);
}

/** A session past the password, waiting for `awaiting`; null when the session is not that. */
async function waitingSession(db: DB, sessionIdHash: string, awaiting: "code" | "setup") {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email"])
    .where("sessions.id_hash", "=", sessionIdHash)
    .where("sessions.awaiting", "=", awaiting)
    .executeTakeFirst();
}

/**
 * The sign-in's second step (R129): the app's code, or a recovery code, for the session that passed the password.
 * Counted with the account's sign-in attempts; a recovery code is recorded. The session is then signed in.
 */
export async function passSecondFactor(db: DB, sessionIdHash: string, input: { code: string } | { recoveryCode: string }): Promise<void> {
  const holder = await waitingSession(db, sessionIdHash, "code");
  if (!holder) throw new ForbiddenError("no sign-in waits for a code");
  await countSignInAttempt(db, holder.email);
  await writeTransaction(db, (trx) => takeCode(trx, holder.id, input));
  await clearSignInAttempts(db, holder.email);
  await recordSignIn(db, holder.id);
  await completeSession(db, sessionIdHash);
}

/** Who is setting up a second factor at sign-in (an administrator without one): the session's person. */
export async function setupHolder(db: DB, sessionIdHash: string): Promise<CodeHolder> {
  const holder = await waitingSession(db, sessionIdHash, "setup");
  if (!holder) throw new ForbiddenError("no sign-in waits for a set-up");
  return holder;
}

/**
 * The set-up an administrator without a second factor is led to at sign-in: confirmed as from the profile, then the
 * session is signed in. The recovery codes to show once.
 */
export async function confirmSecondFactorAtSignIn(db: DB, sessionIdHash: string, code: string): Promise<{ recoveryCodes: string[] }> {
  const holder = await setupHolder(db, sessionIdHash);
  const { recoveryCodes } = await confirmSecondFactor(db, holder, code);
  await recordSignIn(db, holder.id);
  await completeSession(db, sessionIdHash);
  return { recoveryCodes };
}

/**
 * A referrer turns their second factor off (administrators keep theirs: ForbiddenError), with a code of the app or a
 * recovery code, counted with the sign-in attempts. The app's secret and the recovery codes are gone, the removal is
 * recorded and the person is told by e-mail.
 */
export async function removeSecondFactor(db: DB, actor: Actor & CodeHolder, input: { code: string } | { recoveryCode: string }): Promise<void> {
  if (!mayRemoveSecondFactor(actor)) throw new ForbiddenError("administrators keep their second factor");
  await countSignInAttempt(db, actor.email);
  await writeTransaction(db, async (trx) => {
    await takeCode(trx, actor.id, input);
    await trx.deleteFrom("second_factors").where("user_id", "=", actor.id).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", actor.id).execute();
    await record(trx, "secondFactorRemoved", actor.id, actor.id);
  });
  await clearSignInAttempts(db, actor.email);
  await mailHolder(db, actor.id, "removed");
}

/**
 * A super administrator's reset of someone who lost both their app and their recovery codes: the second factor is
 * gone, every session of theirs ends (an administrator sets one up again at the next sign-in), the reset is
 * recorded, and the person is told by e-mail. `reset: false` when there was none.
 */
export async function resetSecondFactor(db: DB, actor: Actor, userId: number): Promise<{ reset: boolean }> {
  const target = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!target || !actor.isAdmin) throw new NotFoundError("user");
  if (!mayResetSecondFactor(actor, { id: userId })) throw new ForbiddenError("super administrators only, and not their own");
  const reset = await writeTransaction(db, async (trx) => {
    const removed = await trx.deleteFrom("second_factors").where("user_id", "=", userId).executeTakeFirst();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    if (!Number(removed.numDeletedRows)) return false;
    await destroyUserSessions(trx, userId);
    await record(trx, "secondFactorReset", userId, actor.id);
    return true;
  });
  if (reset) await mailHolder(db, userId, "removed");
  return { reset };
}

/** A person's second factor as recorded (set up, removed, recovery codes used, resets), newest first, for administrators. */
export async function secondFactorHistory(db: DB, actor: Actor, userId: number) {
  if (!actor.isAdmin) throw new ForbiddenError("administrators only");
  return db
    .selectFrom("audit_events as e")
    .leftJoin("users as u", "u.id", "e.actor_user_id")
    .select(["e.id", "e.at", "e.action", "u.first_name", "u.last_name", "u.email"])
    .where("e.entity_type", "=", "user")
    .where("e.entity_id", "=", userId)
    .where("e.action", "in", RECORDED)
    .orderBy("e.at", "desc")
    .orderBy("e.id", "desc")
    .execute();
}
