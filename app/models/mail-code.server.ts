import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { DB } from "~/db.server";
import { sendAccountNotice } from "~/services/emails.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { getMailRecipient } from "./user.server";
import { traced } from "~/services/trace.server";

// A mailed code before a second step is bound (R129): otherwise whoever holds only the password after a promotion or
// reset could bind their own app (NIST SP 800-63B). Lives as long as its waiting session; checked as the second
// step's codes are (second-factor-sign-in.server.ts).

/** Six digits, as the second step's other codes, typed from a phone's number pad; guessed under code-guard's limits. */
const DIGITS = 6;

/** Plain SHA-256 is enough: brute force needs the sessions table, the password, and the code's quarter hour. */
const hashMailCode = (code: string) => createHash("sha256").update(code).digest("hex");

export function isMailCode(typed: string, hash: string | null): boolean {
  if (!hash) return false;
  return timingSafeEqual(Buffer.from(hashMailCode(typed)), Buffer.from(hash));
}

export function newMailCode(): { code: string; hash: string } {
  const code = String(randomInt(10 ** DIGITS)).padStart(DIGITS, "0");
  return { code, hash: hashMailCode(code) };
}

/** Mails the code, unless five went out in the last hour; then answers the wait. */
export const mailCodeTo = traced(
  "model.mailCodeTo",
  async function mailCodeTo(
    db: DB,
    userId: number,
    code: string,
  ): Promise<{ sent: true } | { sent: false; retryAfterSeconds: number }> {
    const limit = await hitRateLimit(db, "mailCode", String(userId));
    if (!limit.allowed) return { sent: false, retryAfterSeconds: limit.retryAfterSeconds };
    const recipient = await getMailRecipient(db, userId);
    if (recipient) await sendAccountNotice(recipient, "mailCode", { code });
    return { sent: true };
  },
);
