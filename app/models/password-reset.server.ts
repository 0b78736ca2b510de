import type { DB } from "~/db.server";
import { sendPasswordResetEmail } from "~/services/emails.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { requestPasswordReset } from "./account-token.server";
import { getMailRecipient } from "./user.server";

/**
 * "Forgot password" for the page and for POST /forgot alike: mails a reset link when the account
 * exists and no link went out in the last two hours. The caller says the same thing either way.
 */
export async function forgotPassword(db: DB, email: string, clientIp: string | undefined): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const byAddress = await hitRateLimit(db, "forgotPasswordAddress", clientIp ?? "unknown");
  if (!byAddress.allowed) return byAddress;
  const limit = await hitRateLimit(db, "forgotPassword", email);
  if (!limit.allowed) return limit;
  const reset = await requestPasswordReset(db, email);
  if (reset) {
    const recipient = await getMailRecipient(db, reset.userId);
    if (recipient) await sendPasswordResetEmail(recipient, reset.token);
  }
  return limit;
}
