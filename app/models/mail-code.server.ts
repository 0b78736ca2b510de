import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { DB } from "~/db.server";
import { sendAccountNotice } from "~/services/emails.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { getMailRecipient } from "./user.server";
import { traced } from "~/services/trace.server";

// The code mailed to an account before a second step is bound to it at sign-in (docs/product-rules.md R129): after a
// promotion, a staff assignment or a reset, whoever holds the password alone could otherwise bind their own app and
// keep it (NIST SP 800-63B binds at the level being bound: the mailbox is the account's other proof). The code belongs
// to one waiting session and lives as long as it; its checks are the second step's
// (second-factor-sign-in.server.ts).

/** Six digits, as the second step's other codes, typed from a phone's number pad; guessed under code-guard's limits. */
const DIGITS = 6;

/**
 * Kept as a plain SHA-256: a million codes are quickly tried against it, but only by someone who reads the sessions
 * table, within the quarter hour the code lives, and who holds the password besides.
 */
const hashMailCode = (code: string) => createHash("sha256").update(code).digest("hex");

export function isMailCode(typed: string, hash: string | null): boolean {
  if (!hash) return false;
  return timingSafeEqual(Buffer.from(hashMailCode(typed)), Buffer.from(hash));
}

export function newMailCode(): { code: string; hash: string } {
  const code = String(randomInt(10 ** DIGITS)).padStart(DIGITS, "0");
  return { code, hash: hashMailCode(code) };
}

/**
 * Mails the code to the account's address, in its language, unless five were mailed to it in the last hour: then
 * nothing is sent, and the wait until another may be.
 */
export const mailCodeTo = traced("model.mailCodeTo", async function mailCodeTo(db: DB, userId: number, code: string): Promise<
  { sent: true } | { sent: false; retryAfterSeconds: number }
> {
  const limit = await hitRateLimit(db, "mailCode", String(userId));
  if (!limit.allowed) return { sent: false, retryAfterSeconds: limit.retryAfterSeconds };
  const recipient = await getMailRecipient(db, userId);
  if (recipient) await sendAccountNotice(recipient, "mailCode", { code });
  return { sent: true };
});
