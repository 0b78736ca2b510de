import type { SessionAwaiting } from "../../db/schema";
import { createSession, destroySession, IDLE_LIMIT_MS, readSession } from "~/auth/session.server";
import type { DB } from "~/db.server";
import { addressKey, clearRateLimit, hitRateLimit, RATE_LIMITS } from "~/services/rate-limit.server";
import { runAlone } from "./lease.server";
import { mailCodeTo, newMailCode } from "./mail-code.server";
import { byOwner, recordSecurityEvent } from "./security-events.server";
import { checkCredentials, findUserIdByEmail, recordSignIn, secondFactorRequiredFor } from "./user.server";
import { traced } from "~/services/trace.server";

// Signing in (R7, R11, R129): a session that waits for the second step (or, for an administrator
// without one, its set-up) opens nothing else until then (second-factor-sign-in.server.ts).

/** A password refused: wrong (or no such account), an inactive account, or one whose e-mail is not verified yet. */
export class SignInError extends Error {
  name = "SignInError";
  constructor(
    readonly code: "invalid" | "locked" | "unverified",
    readonly userId?: number,
  ) {
    super(code);
  }
}

/** Too many attempts (R11, R129): try again after this long. */
export class SignInLimitedError extends Error {
  name = "SignInLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super("too many attempts");
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Counts a password attempt by address, by account from this address (/64 for IPv6), and by account (R11). Past the
 * account's limit a first try from a new address is still checked, so strangers cannot lock the owner out.
 */
async function countPasswordAttempt(db: DB, email: string, clientIp: string): Promise<void> {
  const address = addressKey(clientIp);
  let fromHere = 0;
  for (const [bucket, key] of [
    ["signInAddress", address],
    ["signIn", `${accountKey(email)}|${address}`],
    ["signInAccount", accountKey(email)],
  ] as const) {
    const limit = await hitRateLimit(db, bucket, key);
    if (bucket === "signIn") fromHere = limit.hits;
    if (limit.allowed || (bucket === "signInAccount" && fromHere === 1)) continue;
    // The first attempt refused in a window is a security event (R133); the ones after it add nothing to know.
    if (limit.hits === RATE_LIMITS[bucket].limit + 1) {
      await recordSecurityEvent(db, {
        kind: "signInLimited",
        subjectUserId: await findUserIdByEmail(db, email),
        address: clientIp,
        details: { reason: bucket },
      });
    }
    throw new SignInLimitedError(limit.retryAfterSeconds);
  }
}

/** The password was right: the attempts counted against the account from this address start again. */
async function clearPasswordAttempts(db: DB, email: string, clientIp: string): Promise<void> {
  await clearRateLimit(db, "signIn", `${accountKey(email)}|${addressKey(clientIp)}`);
}

export interface SignInOutcome {
  userId: number;
  cookie: string;
  /** null: signed in; "code": the second step next; "mailCode": no factor bound yet, a mailed code first. */
  awaiting: SessionAwaiting | null;
}

export const signIn = traced(
  "model.signIn",
  async function signIn(
    db: DB,
    credentials: { email: string; password: string },
    clientIp: string,
    device: string | null = null,
  ): Promise<SignInOutcome> {
    await countPasswordAttempt(db, credentials.email, clientIp);
    const result = await checkCredentials(db, credentials.email, credentials.password);
    if (result.status !== "ok") {
      await recordSecurityEvent(db, {
        kind: "signInFailed",
        subjectUserId: result.userId ?? null,
        address: clientIp,
        details: { reason: result.userId ? result.status : "unknownAccount" },
      });
      throw new SignInError(result.status, result.status === "unverified" ? result.userId : undefined);
    }
    const { userId } = result;
    await clearPasswordAttempts(db, credentials.email, clientIp);
    const factor = await db
      .selectFrom("second_factors")
      .select("user_id")
      .where("user_id", "=", userId)
      .where("confirmed_at", "is not", null)
      .executeTakeFirst();
    const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map(
      (row) => row.role,
    );
    // Without an app where one is needed, the one to bind comes after a code mailed to the account (R129).
    const awaiting: SessionAwaiting | null = factor ? "code" : secondFactorRequiredFor(roles) ? "mailCode" : null;
    if (!awaiting) await recordSignIn(db, userId, clientIp);
    const mailed = awaiting === "mailCode" ? newMailCode() : null;
    const cookie = await createSession(db, userId, new Date(), awaiting, { device, address: clientIp }, mailed?.hash);
    if (mailed) await mailCodeTo(db, userId, mailed.code);
    return { userId, awaiting, cookie };
  },
);

/** Ends the request's session, recorded as a security event (R133), and answers the header that forgets the cookie. */
export const signOut = traced(
  "model.signOut",
  async function signOut(db: DB, request: Request, clientIp: string, idle: boolean): Promise<string> {
    const session = await readSession(db, request);
    const cookie = await destroySession(db, request);
    if (session.status === "active") {
      await recordSecurityEvent(db, {
        kind: "signedOut",
        ...byOwner(session.userId),
        address: clientIp,
        details: idle ? { reason: "idle" } : {},
      });
    }
    return cookie;
  },
);

/** Longer than the sweep takes; a lease an instance left by dying runs out after it. */
const SWEEP_LEASE_MS = 10 * 60 * 1000;

/** Deletes spent sessions and attempt counts (R124), one instance at a time; null when another is sweeping. */
export const sweepSpentSignIns = traced(
  "model.sweepSpentSignIns",
  async function sweepSpentSignIns(
    db: DB,
    now: Date = new Date(),
  ): Promise<{
    sessions: number;
    limits: number;
  } | null> {
    return runAlone(db, "sweep-sign-ins", SWEEP_LEASE_MS, async () => {
      const idleSince = new Date(now.getTime() - IDLE_LIMIT_MS).toISOString();
      const sessions = await db
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_seen_at", "<", idleSince)]))
        .executeTakeFirst();
      const limits = await db
        .deleteFrom("rate_limits")
        .where("window_ends_at", "<=", now.toISOString())
        .executeTakeFirst();
      return { sessions: Number(sessions.numDeletedRows), limits: Number(limits.numDeletedRows) };
    });
  },
);
