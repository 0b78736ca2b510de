import { holdRows, writeTransaction, type DB } from "~/db.server";
import { sendAccountNotice } from "~/services/emails.server";
import { addressKey, hitRateLimit, RATE_LIMITS } from "~/services/rate-limit.server";
import { InputError } from "./errors";
import { byOwner, recordSecurityEvent } from "./security-events.server";
import { SignInLimitedError } from "./sign-in.server";
import { getMailRecipient } from "./user.server";
import { traced } from "~/services/trace.server";

// Limits on guessing second-step codes (R129, NIST SP 800-63B), in the database so every instance shares them. Each
// attempt is counted before checking; from the fifth wrong in a row, locked a minute, doubling up to a day (owner
// mailed); 100 wrong in 30 days locks until they age out. Plus a per-address limit (RATE_LIMITS.secondFactorAddress).

/** Wrong codes in a row that cost nothing but the count. */
export const FREE_WRONG_CODES = 4;
const FIRST_LOCK_MS = 60 * 1000;
const LONGEST_LOCK_MS = 24 * 60 * 60 * 1000;

export class CodeLockedError extends SignInLimitedError {
  name = "CodeLockedError";
}

/** How long the attempt that makes `failures` wrong codes in a row locks the second step after it (0: not at all). */
export function lockAfter(failures: number): number {
  if (failures <= FREE_WRONG_CODES) return 0;
  return Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - FREE_WRONG_CODES - 1));
}

const secondsUntil = (at: string, now: Date) => Math.max(1, Math.ceil((Date.parse(at) - now.getTime()) / 1000));

/** Counts an attempt before checking; refused while locked or past a limit. Answers its number in the wrong streak. */
export const countCodeAttempt = traced(
  "model.countCodeAttempt",
  async function countCodeAttempt(db: DB, userId: number, clientIp: string, now: Date = new Date()): Promise<number> {
    const byAddress = await hitRateLimit(db, "secondFactorAddress", addressKey(clientIp), now);
    if (!byAddress.allowed) throw new SignInLimitedError(byAddress.retryAfterSeconds);
    return writeTransaction(db, async (trx) => {
      // R135: the person's row, so concurrent attempts are counted one after another.
      await holdRows(trx, "users", "id", [userId]);
      const wrongLately = await trx
        .selectFrom("rate_limits")
        .select(["hits", "window_ends_at"])
        .where("bucket", "=", "wrongCodes")
        .where("key", "=", String(userId))
        .executeTakeFirst();
      if (
        wrongLately &&
        wrongLately.window_ends_at > now.toISOString() &&
        wrongLately.hits >= RATE_LIMITS.wrongCodes.limit
      ) {
        throw new CodeLockedError(secondsUntil(wrongLately.window_ends_at, now));
      }
      const guard = await trx
        .selectFrom("code_guards")
        .select(["failures", "locked_until"])
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (guard?.locked_until && guard.locked_until > now.toISOString())
        throw new CodeLockedError(secondsUntil(guard.locked_until, now));
      const failures = (guard?.failures ?? 0) + 1;
      const wait = lockAfter(failures);
      const lockedUntil = wait ? new Date(now.getTime() + wait).toISOString() : null;
      if (guard)
        await trx
          .updateTable("code_guards")
          .set({ failures, locked_until: lockedUntil })
          .where("user_id", "=", userId)
          .execute();
      else
        await trx.insertInto("code_guards").values({ user_id: userId, failures, locked_until: lockedUntil }).execute();
      return failures;
    });
  },
);

export const codeWasRight = traced(
  "model.codeWasRight",
  async function codeWasRight(db: DB, userId: number): Promise<void> {
    await db
      .updateTable("code_guards")
      .set({ failures: 0, locked_until: null })
      .where("user_id", "=", userId)
      .execute();
  },
);

/** A wrong or reused code: counted and a security event (R133); the owner is told when it starts a lock. */
export const codeWasWrong = traced(
  "model.codeWasWrong",
  async function codeWasWrong(
    db: DB,
    userId: number,
    attempt: number,
    clientIp: string,
    reused = false,
    now: Date = new Date(),
  ): Promise<void> {
    const lately = await hitRateLimit(db, "wrongCodes", String(userId), now);
    await recordSecurityEvent(
      db,
      { kind: reused ? "codeReused" : "codeWrong", ...byOwner(userId), address: clientIp },
      now,
    );
    const locksNow = attempt === FREE_WRONG_CODES + 1 || lately.hits === RATE_LIMITS.wrongCodes.limit;
    if (!locksNow) return;
    await recordSecurityEvent(db, { kind: "codeLocked", subjectUserId: userId, address: clientIp }, now);
    const recipient = await getMailRecipient(db, userId);
    if (recipient) await sendAccountNotice(recipient, "codeLocked");
  },
);

/** `check` throws InputError for a wrong or used code and passes for a right one. */
export const guardedCode = traced("model.guardedCode", async function guardedCode<
  T,
>(db: DB, userId: number, clientIp: string, check: () => Promise<T>): Promise<T> {
  const attempt = await countCodeAttempt(db, userId, clientIp);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof InputError)
      await codeWasWrong(
        db,
        userId,
        attempt,
        clientIp,
        Object.values(error.fieldErrors).flat().includes("validation.secondFactorUsed"),
      );
    throw error;
  }
  await codeWasRight(db, userId);
  return result;
});
