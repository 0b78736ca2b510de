import type { TFunction } from "i18next";
import ipaddr from "ipaddr.js";
import type { DB } from "~/db.server";
import { metrics } from "~/services/metrics.server";

export interface RateLimitRule {
  /** How many attempts a key may make in one window. */
  limit: number;
  windowMs: number;
}

const HOUR = 60 * 60 * 1000;

/** Limits of docs/security.md: tight by account, loose by address (many honest people share a hospital's address). */
export const RATE_LIMITS = {
  /**
   * Passwords (R11): by account per address; by account overall (bounds spread-out guessing without letting one address
   * lock the owner out); by address, against spraying.
   */
  signIn: { limit: 10, windowMs: 15 * 60 * 1000 },
  signInAccount: { limit: 50, windowMs: 15 * 60 * 1000 },
  signInAddress: { limit: 300, windowMs: 15 * 60 * 1000 },
  /** Second-step codes from one address, any account (R129); per account see code-guard.server.ts. */
  secondFactorAddress: { limit: 100, windowMs: 15 * 60 * 1000 },
  /** Wrong codes per account in 30 days: past 100, locked until the window ends (NIST SP 800-63B). */
  wrongCodes: { limit: 100, windowMs: 30 * 24 * HOUR },
  /** Mailed codes per account before binding (R129): a stranger with the password cannot flood the mailbox. */
  mailCode: { limit: 5, windowMs: HOUR },
  register: { limit: 50, windowMs: HOUR },
  forgotPassword: { limit: 5, windowMs: HOUR },
  forgotPasswordAddress: { limit: 50, windowMs: HOUR },
  securityAnswers: { limit: 50, windowMs: HOUR },
  resetPassword: { limit: 50, windowMs: HOUR },
  resendVerification: { limit: 5, windowMs: HOUR },
  /** The current password asked before a signed-in person changes their e-mail, password or answers. */
  currentPassword: { limit: 10, windowMs: 15 * 60 * 1000 },
  /** Address look-ups, by person: generous for typing, a brake on scripted use of the geocoder. */
  addressLookup: { limit: 300, windowMs: HOUR },
  /** The families' notices a referrer's submits send to the addresses they typed (R142), by referrer. */
  familyNotice: { limit: 10, windowMs: 24 * HOUR },
  /** The JSON API, by caller; the limit comes from API_RATE_LIMIT (calls per minute). */
  api: { limit: 600, windowMs: 60 * 1000 },
} satisfies Record<string, RateLimitRule>;
export type RateLimitBucket = keyof typeof RATE_LIMITS;

export interface RateLimitResult {
  allowed: boolean;
  /** The attempts of the window so far, this one with them. */
  hits: number;
  /** When refused: how long until the window ends. */
  retryAfterSeconds: number;
}

/** Counts one attempt of `key` in a bucket, in the database so it holds across restarts and processes. */
export async function hitRateLimit(
  db: DB,
  bucket: RateLimitBucket,
  key: string,
  now: Date = new Date(),
  rule: RateLimitRule = RATE_LIMITS[bucket],
): Promise<RateLimitResult> {
  const { limit, windowMs } = rule;
  const nowIso = now.toISOString();
  const windowEnds = new Date(now.getTime() + windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, key, hits: 1, window_ends_at: windowEnds })
    .onConflict((oc) =>
      oc.columns(["bucket", "key"]).doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when("rate_limits.window_ends_at", "<=", nowIso)
          .then(1)
          .else(eb("rate_limits.hits", "+", 1))
          .end(),
        window_ends_at: eb
          .case()
          .when("rate_limits.window_ends_at", "<=", nowIso)
          .then(windowEnds)
          .else(eb.ref("rate_limits.window_ends_at"))
          .end(),
      })),
    )
    .returning(["hits", "window_ends_at"])
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - now.getTime()) / 1000));
  if (row.hits > limit) metrics.limitsReached.inc({ limit: bucket });
  return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds };
}

/** IPv4 whole, IPv6 by /64: an attacker holds the whole /64, so counting its addresses apart would void the limit. */
export function addressKey(clientIp: string): string {
  if (!ipaddr.isValid(clientIp)) return clientIp;
  const address = ipaddr.process(clientIp);
  if (address.kind() === "ipv4") return address.toString();
  return `${new ipaddr.IPv6([...(address as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

export async function clearRateLimit(db: DB, bucket: RateLimitBucket, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("bucket", "=", bucket).where("key", "=", key).execute();
}

/** "Too many attempts. Please try again in N minutes.", in the reader's language. */
export function rateLimitMessage(t: TFunction, result: Pick<RateLimitResult, "retryAfterSeconds">): string {
  return t("common:validation.rateLimited", { minutes: Math.ceil(result.retryAfterSeconds / 60) });
}
