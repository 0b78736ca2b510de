import { createToken, hashToken } from "~/auth/token.server";
import { hashPassword, verifyAnswer } from "~/auth/password.server";
import { destroyUserSessions } from "~/auth/session.server";
import { holdRows, isUniqueViolation, writeTransaction, type DB } from "~/db.server";
import { outsideRoleDomains } from "./role-domains.server";
import { byOwner, recordSecurityEvent } from "./security-events.server";
import { traced } from "~/services/trace.server";

export const EMAIL_VERIFICATION_TTL_MS = 72 * 60 * 60 * 1000;
/** One reset link per account every two hours (R8); each link lives as long. */
export const RESET_LINK_INTERVAL_MS = 2 * 60 * 60 * 1000;
export const RESET_ATTEMPTS = 3;

/** A token that opens a new account or, with `newEmail`, moves it to that address (voiding earlier such links). */
export const createEmailVerification = traced(
  "model.createEmailVerification",
  async function createEmailVerification(
    db: DB,
    userId: number,
    { now = new Date(), newEmail }: { now?: Date; newEmail?: string } = {},
  ): Promise<string> {
    const { token, hash } = createToken();
    if (newEmail) {
      await db
        .updateTable("email_verifications")
        .set({ used_at: now.toISOString() })
        .where("user_id", "=", userId)
        .where("new_email", "is not", null)
        .where("used_at", "is", null)
        .execute();
    }
    await db
      .insertInto("email_verifications")
      .values({
        user_id: userId,
        token_hash: hash,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS).toISOString(),
        new_email: newEmail ?? null,
      })
      .execute();
    return token;
  },
);

/**
 * Opens a new account, or moves it to the new address unless that is "taken" meanwhile or "outsideRole". Once only,
 * until it expires.
 */
export const verifyEmail = traced(
  "model.verifyEmail",
  async function verifyEmail(
    db: DB,
    token: string,
    now: Date = new Date(),
  ): Promise<"verified" | "emailChanged" | "taken" | "outsideRole" | "invalid"> {
    return writeTransaction(db, async (trx) => {
      // R135: the link's row, so a link opened twice at once is used once.
      await holdRows(trx, "email_verifications", "token_hash", [hashToken(token)]);
      const row = await trx
        .selectFrom("email_verifications")
        .select(["id", "user_id", "expires_at", "used_at", "new_email"])
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirst();
      if (!row || row.used_at || row.expires_at <= now.toISOString()) return "invalid";
      await trx
        .updateTable("email_verifications")
        .set({ used_at: now.toISOString() })
        .where("id", "=", row.id)
        .execute();
      if (!row.new_email) {
        await trx
          .updateTable("users")
          .set({ enabled: 1, updated_at: now.toISOString() })
          .where("id", "=", row.user_id)
          .execute();
        return "verified";
      }
      const taken = await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", row.new_email)
        .where("id", "<>", row.user_id)
        .executeTakeFirst();
      if (taken) return "taken";
      // The role's domains may have changed since the link was asked for (R138): the role follows the address.
      if (await outsideRoleDomains(trx, row.user_id, row.new_email)) return "outsideRole";
      await trx
        .updateTable("users")
        .set({ email: row.new_email, username: row.new_email, updated_at: now.toISOString() })
        .where("id", "=", row.user_id)
        .execute();
      await recordSecurityEvent(trx, { kind: "emailChanged", ...byOwner(row.user_id) }, now);
      return "emailChanged" as const;
    }).catch((error: unknown) => {
      // Another account took the address between the look and the write (its unique e-mail): the link stays unused.
      if (isUniqueViolation(error)) return "taken" as const;
      throw error;
    });
  },
);

/** A reset link, unless no active account or one went out in the last two hours. The caller answers alike. */
export const requestPasswordReset = traced(
  "model.requestPasswordReset",
  async function requestPasswordReset(
    db: DB,
    email: string,
    { now = new Date(), requestedById = null }: { now?: Date; requestedById?: number | null } = {},
  ): Promise<{ userId: number; token: string } | null> {
    const user = await db
      .selectFrom("users")
      .select(["id", "locked"])
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user || user.locked) return null;
    const since = new Date(now.getTime() - RESET_LINK_INTERVAL_MS).toISOString();
    const recent = await db
      .selectFrom("password_reset_tokens")
      .select("id")
      .where("user_id", "=", user.id)
      .where("created_at", ">", since)
      .executeTakeFirst();
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
  },
);

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

/** What GET /security_questions answers (R103). */
export const inspectResetToken = traced(
  "model.inspectResetToken",
  async function inspectResetToken(db: DB, token: string, now: Date = new Date()): Promise<ResetTokenState> {
    const row = await liveToken(db, token, now);
    if (!row)
      return {
        validToken: false,
        attemptsLeft: 0,
        securityQuestion1: null,
        securityQuestion2: null,
        answersVerified: false,
      };
    const noQuestions = !row.security_answer1_hash || !row.security_answer2_hash;
    return {
      validToken: row.attempts_left > 0,
      attemptsLeft: row.attempts_left,
      securityQuestion1: row.security_question1,
      securityQuestion2: row.security_question2,
      answersVerified: Boolean(row.answers_verified_at) || noQuestions,
    };
  },
);

export type AnswerResult = { status: "ok" } | { status: "wrong"; attemptsLeft: number } | { status: "invalid" };

/**
 * Checks both answers (R9). The attempt is taken in one conditional statement before checking, so concurrent answers
 * cannot exceed the link's attempts; a right pair gives it back.
 */
export const answerSecurityQuestions = traced(
  "model.answerSecurityQuestions",
  async function answerSecurityQuestions(
    db: DB,
    token: string,
    answer1: string,
    answer2: string,
    now: Date = new Date(),
  ): Promise<AnswerResult> {
    const row = await liveToken(db, token, now);
    if (!row) return { status: "invalid" };
    const counted = await db
      .updateTable("password_reset_tokens")
      .set((eb) => ({ attempts_left: eb("attempts_left", "-", 1) }))
      .where("id", "=", row.id)
      .where("attempts_left", ">", 0)
      .returning("attempts_left")
      .executeTakeFirst();
    if (!counted) return { status: "invalid" };
    const right =
      (await verifyAnswer(row.security_answer1_hash, answer1)) &&
      (await verifyAnswer(row.security_answer2_hash, answer2));
    if (!right) return { status: "wrong", attemptsLeft: counted.attempts_left };
    await db
      .updateTable("password_reset_tokens")
      .set((eb) => ({ answers_verified_at: now.toISOString(), attempts_left: eb("attempts_left", "+", 1) }))
      .where("id", "=", row.id)
      .execute();
    return { status: "ok" };
  },
);

/** Sets the password via an answered link, uses it up and ends every session (keys and mail: account-flows, R10). */
export const resetPassword = traced(
  "model.resetPassword",
  async function resetPassword(
    db: DB,
    token: string,
    password: string,
    now: Date = new Date(),
  ): Promise<{ status: "reset"; userId: number } | { status: "invalid" | "unanswered" }> {
    const row = await liveToken(db, token, now);
    if (!row || row.attempts_left <= 0) return { status: "invalid" };
    const noQuestions = !row.security_answer1_hash || !row.security_answer2_hash;
    if (!row.answers_verified_at && !noQuestions) return { status: "unanswered" };
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
    if (!used) return { status: "invalid" };
    await destroyUserSessions(db, row.user_id);
    return { status: "reset", userId: row.user_id };
  },
);
