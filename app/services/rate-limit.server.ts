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

/**
 * The limits of docs/security.md. Limits by account are tight; limits by address are loose,
 * since a hospital or a library puts many honest people behind one address.
 */
export const RATE_LIMITS = {
  /**
   * Passwords at sign-in (docs/product-rules.md R11): by account from one address; by account from every address (a
   * stranger at one address cannot keep the owner out, a spread-out guessing is still bounded); by address, against
   * one address trying many accounts (password spraying).
   */
  signIn: { limit: 10, windowMs: 15 * 60 * 1000 },
  signInAccount: { limit: 50, windowMs: 15 * 60 * 1000 },
  signInAddress: { limit: 300, windowMs: 15 * 60 * 1000 },
  /** Codes of the second step from one address, whatever the account (R129); by account, the lock of code-guard.server.ts. */
  secondFactorAddress: { limit: 100, windowMs: 15 * 60 * 1000 },
  /** Wrong codes of one account in 30 days: past 100, its second step is locked until the window ends (NIST SP 800-63B). */
  wrongCodes: { limit: 100, windowMs: 30 * 24 * HOUR },
  /** Codes mailed to one account before it binds a second step (R129): a stranger with the password cannot flood the mailbox. */
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

/** Counts one attempt of `key` (an address, an e-mail) in a bucket; kept in the database, so it holds across restarts and processes. */
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
        window_ends_at: eb.case().when("rate_limits.window_ends_at", "<=", nowIso).then(windowEnds).else(eb.ref("rate_limits.window_ends_at")).end(),
      })),
    )
    .returning(["hits", "window_ends_at"])
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - now.getTime()) / 1000));
  if (row.hits > limit) metrics.limitsReached.inc({ limit: bucket });
  return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds };
}

/**
 * What the limits count an address by: an IPv4 address whole, an IPv6 address by its /64, the block one home or phone
 * is given (an attacker holds all of it, so each of its addresses counted apart would be a limit 2^64 times over).
 */
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
