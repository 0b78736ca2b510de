import type { SessionAwaiting } from "../../db/schema";
import { createSession } from "~/auth/session.server";
import type { DB } from "~/db.server";
import { clearRateLimit, hitRateLimit } from "~/services/rate-limit.server";
import { mustHaveSecondFactor } from "./policy";
import { checkCredentials, hasAdminRole, recordSignIn } from "./user.server";

// Signing in (docs/product-rules.md R7, R11, R129), one door for the sign-in page: the account's attempts counted, the
// password checked, and a session made that is signed in at once, or that waits for the second factor's code (or,
// for an administrator without one, its set-up) and opens nothing else until then (second-factor.server.ts).

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

/** Too many attempts at the account's sign-in (R11; passwords and codes together, R129): try again after this long. */
export class SignInLimitedError extends Error {
  name = "SignInLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super("too many attempts");
  }
}

/** One attempt at the account's sign-in, a password or a code (R11, R129): refused past the limit. */
export async function countSignInAttempt(db: DB, email: string): Promise<void> {
  const limit = await hitRateLimit(db, "signIn", email.trim().toLowerCase());
  if (!limit.allowed) throw new SignInLimitedError(limit.retryAfterSeconds);
}

/** The sign-in is done: the attempts counted against the account start again. */
export async function clearSignInAttempts(db: DB, email: string): Promise<void> {
  await clearRateLimit(db, "signIn", email.trim().toLowerCase());
}

export interface SignInOutcome {
  userId: number;
  /** The new session's cookie. */
  cookie: string;
  /** null: signed in. "code": the second factor's code comes next; "setup": an administrator sets one up first. */
  awaiting: SessionAwaiting | null;
}

/** The first step of signing in: the e-mail and password. */
export async function signIn(db: DB, credentials: { email: string; password: string }): Promise<SignInOutcome> {
  await countSignInAttempt(db, credentials.email);
  const result = await checkCredentials(db, credentials.email, credentials.password);
  if (result.status !== "ok") throw new SignInError(result.status, "userId" in result ? result.userId : undefined);
  const { userId } = result;
  const factor = await db.selectFrom("second_factors").select("user_id").where("user_id", "=", userId).where("confirmed_at", "is not", null).executeTakeFirst();
  const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map((row) => row.role);
  const awaiting: SessionAwaiting | null = factor ? "code" : mustHaveSecondFactor({ isAdmin: hasAdminRole(roles) }) ? "setup" : null;
  if (!awaiting) {
    await clearSignInAttempts(db, credentials.email);
    await recordSignIn(db, userId);
  }
  return { userId, awaiting, cookie: await createSession(db, userId, new Date(), awaiting) };
}
