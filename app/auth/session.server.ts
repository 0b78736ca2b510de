import { createHash, randomBytes } from "node:crypto";
import type { SessionAwaiting } from "../../db/schema";
import type { DB } from "~/db.server";
import { signedCookie } from "~/utils/cookie.server";

/** 10 minutes without a request, plus the 30-second countdown the dialog shows (docs/product-rules.md R20, R21). */
export const IDLE_WARNING_MS = 10 * 60 * 1000;
export const IDLE_COUNTDOWN_MS = 30 * 1000;
export const IDLE_LIMIT_MS = IDLE_WARNING_MS + IDLE_COUNTDOWN_MS;
/** However active, a session ends after a working day. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Requests closer together than this do not write last_seen_at again. */
const TOUCH_INTERVAL_MS = 15 * 1000;

export function sessionCookie() {
  return signedCookie("__session");
}

function hashId(id: string) {
  return createHash("sha256").update(id).digest("hex");
}

/**
 * A new session for a user who just proved who they are; the cookie holds only its random id. `awaiting`: the
 * password is proved but the second factor's code, or its set-up, is still to come, and the session opens nothing
 * else until then (docs/product-rules.md R129).
 */
export async function createSession(db: DB, userId: number, now: Date = new Date(), awaiting: SessionAwaiting | null = null): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashId(id),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_MAX_AGE_MS).toISOString(),
      awaiting,
    })
    .execute();
  return sessionCookie().serialize(id);
}

/**
 * A session past its second factor is signed in. Its id was made at the password, and only the browser that gave the
 * password holds it, so it is kept (a page rendered after the action still finds its session).
 */
export async function completeSession(db: DB, sessionIdHash: string): Promise<void> {
  await db.updateTable("sessions").set({ awaiting: null }).where("id_hash", "=", sessionIdHash).execute();
}

export type SessionLookup =
  | { status: "none" }
  | { status: "expired" }
  | { status: "active"; userId: number; sessionIdHash: string; awaiting: SessionAwaiting | null };

/**
 * The session a request carries. An idle or worn-out session is deleted here, on the server,
 * whether or not the browser ran the inactivity dialog.
 */
export async function readSession(db: DB, request: Request, now: Date = new Date()): Promise<SessionLookup> {
  const id = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || !id) return { status: "none" };
  const idHash = hashId(id);
  const session = await db.selectFrom("sessions").selectAll().where("id_hash", "=", idHash).executeTakeFirst();
  if (!session) return { status: "expired" };
  const idleFor = now.getTime() - Date.parse(session.last_seen_at);
  if (idleFor > IDLE_LIMIT_MS || now.toISOString() >= session.expires_at) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return { status: "expired" };
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id_hash", "=", idHash).execute();
  }
  return { status: "active", userId: session.user_id, sessionIdHash: idHash, awaiting: session.awaiting };
}

/** Ends the session the request carries and returns the header that forgets the cookie. */
export async function destroySession(db: DB, request: Request): Promise<string> {
  const id = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof id === "string" && id) await db.deleteFrom("sessions").where("id_hash", "=", hashId(id)).execute();
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Ends every session of a user at once (deactivation, password change). */
export async function destroyUserSessions(db: DB, userId: number) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
