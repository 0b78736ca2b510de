import { createToken, hashToken } from "~/auth/token.server";
import { hashPassword, verifyAnswer } from "~/auth/password.server";
import { destroyUserSessions } from "~/auth/session.server";
import type { DB } from "~/db.server";

export const EMAIL_VERIFICATION_TTL_MS = 72 * 60 * 60 * 1000;
/** One reset link per account every two hours (docs/product-rules.md R8); each link lives as long. */
export const RESET_LINK_INTERVAL_MS = 2 * 60 * 60 * 1000;
export const RESET_ATTEMPTS = 3;

export async function createEmailVerification(db: DB, userId: number, now: Date = new Date()): Promise<string> {
  const { token, hash } = createToken();
  await db
    .insertInto("email_verifications")
    .values({
      user_id: userId,
      token_hash: hash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

/** Opens the account of the link's owner; a link works once and until it expires. */
export async function verifyEmail(db: DB, token: string, now: Date = new Date()): Promise<"verified" | "invalid"> {
  const row = await db
    .selectFrom("email_verifications")
    .select(["id", "user_id", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= now.toISOString()) return "invalid";
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("email_verifications").set({ used_at: now.toISOString() }).where("id", "=", row.id).execute();
    await trx.updateTable("users").set({ enabled: 1, updated_at: now.toISOString() }).where("id", "=", row.user_id).execute();
  });
  return "verified";
}

/**
 * A new reset link for the account with this e-mail, unless there is no such (active) account or
 * one was sent less than two hours ago. The caller answers the same either way.
 */
export async function requestPasswordReset(
  db: DB,
  email: string,
  { now = new Date(), requestedById = null }: { now?: Date; requestedById?: number | null } = {},
): Promise<{ userId: number; token: string } | null> {
  const user = await db.selectFrom("users").select(["id", "locked"]).where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  if (!user || user.locked) return null;
  const since = new Date(now.getTime() - RESET_LINK_INTERVAL_MS).toISOString();
  const recent = await db.selectFrom("password_reset_tokens").select("id").where("user_id", "=", user.id).where("created_at", ">", since).executeTakeFirst();
  if (recent) return null;
  const { token, hash } = createToken();
  await db
    .insertInto("password_reset_tokens")
    .values({
      user_id: user.id,
      token_hash: hash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_LINK_INTERVAL_MS).toISOString(),
      attempts_left: RESET_ATTEMPTS,
      requested_by_id: requestedById,
    })
    .execute();
  return { userId: user.id, token };
}

async function liveToken(db: DB, token: string, now: Date) {
  const row = await db
    .selectFrom("password_reset_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .select([
      "t.id",
      "t.user_id",
      "t.expires_at",
      "t.used_at",
      "t.attempts_left",
      "t.answers_verified_at",
      "u.security_question1",
      "u.security_question2",
      "u.security_answer1_hash",
      "u.security_answer2_hash",
    ])
    .where("t.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= now.toISOString()) return null;
  return row;
}

export interface ResetTokenState {
  validToken: boolean;
  attemptsLeft: number;
  securityQuestion1: string | null;
  securityQuestion2: string | null;
  /** The account has no security questions (an administrator's): the password comes at once. */
  answersVerified: boolean;
}

/** What GET /security_questions answers (docs/product-rules.md R103). */
export async function inspectResetToken(db: DB, token: string, now: Date = new Date()): Promise<ResetTokenState> {
  const row = await liveToken(db, token, now);
  if (!row) return { validToken: false, attemptsLeft: 0, securityQuestion1: null, securityQuestion2: null, answersVerified: false };
  const noQuestions = !row.security_answer1_hash || !row.security_answer2_hash;
  return {
    validToken: row.attempts_left > 0,
    attemptsLeft: row.attempts_left,
    securityQuestion1: row.security_question1,
    securityQuestion2: row.security_question2,
    answersVerified: Boolean(row.answers_verified_at) || noQuestions,
  };
}

export type AnswerResult = { status: "ok" } | { status: "wrong"; attemptsLeft: number } | { status: "invalid" };

/** Checks both answers; a wrong pair costs an attempt, and at none left the link is spent. */
export async function answerSecurityQuestions(db: DB, token: string, answer1: string, answer2: string, now: Date = new Date()): Promise<AnswerResult> {
  const row = await liveToken(db, token, now);
  if (!row || row.attempts_left <= 0) return { status: "invalid" };
  const right = (await verifyAnswer(row.security_answer1_hash, answer1)) && (await verifyAnswer(row.security_answer2_hash, answer2));
  if (right) {
    await db.updateTable("password_reset_tokens").set({ answers_verified_at: now.toISOString() }).where("id", "=", row.id).execute();
    return { status: "ok" };
  }
  const updated = await db
    .updateTable("password_reset_tokens")
    .set((eb) => ({ attempts_left: eb("attempts_left", "-", 1) }))
    .where("id", "=", row.id)
    .returning("attempts_left")
    .executeTakeFirstOrThrow();
  return { status: "wrong", attemptsLeft: updated.attempts_left };
}

/**
 * Sets the new password with a live link whose questions were answered; the link is then used
 * up and every session of the account ends.
 */
export async function resetPassword(db: DB, token: string, password: string, now: Date = new Date()): Promise<"reset" | "invalid" | "unanswered"> {
  const row = await liveToken(db, token, now);
  if (!row || row.attempts_left <= 0) return "invalid";
  const noQuestions = !row.security_answer1_hash || !row.security_answer2_hash;
  if (!row.answers_verified_at && !noQuestions) return "unanswered";
  const passwordHash = await hashPassword(password);
  const used = await db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable("users")
      // The link reached the mailbox, which proves the address as well as a verification would.
      .set({ password_hash: passwordHash, enabled: 1, updated_at: now.toISOString() })
      .where("id", "=", row.user_id)
      .execute();
    return true;
  });
  if (!used) return "invalid";
  await destroyUserSessions(db, row.user_id);
  return "reset";
}
