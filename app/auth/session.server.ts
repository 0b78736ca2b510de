import { createHash, randomBytes } from "node:crypto";
import type { SessionAwaiting } from "../../db/schema";
import { getConfig } from "~/config.server";
import type { DB } from "~/db.server";
import { ForbiddenError } from "~/models/errors";
import { signedCookie } from "~/utils/cookie.server";

/** 10 minutes without a request, plus the 30-second countdown the dialog shows (R20, R21). */
export const IDLE_WARNING_MS = 10 * 60 * 1000;
export const IDLE_COUNTDOWN_MS = 30 * 1000;
export const IDLE_LIMIT_MS = IDLE_WARNING_MS + IDLE_COUNTDOWN_MS;
/** However active, a session ends after a working day. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** A session past the password alone, waiting for the second step, ends after five minutes (R129). */
export const AWAITING_MAX_AGE_MS = 5 * 60 * 1000;
/** Waiting for the code mailed to the account, a quarter of an hour: a mail can be slow to arrive (R129). */
const MAIL_CODE_MAX_AGE_MS = 15 * 60 * 1000;

function maxAgeOf(awaiting: SessionAwaiting | null): number {
  if (awaiting === "mailCode") return MAIL_CODE_MAX_AGE_MS;
  return awaiting ? AWAITING_MAX_AGE_MS : SESSION_MAX_AGE_MS;
}
/** Requests closer together than this do not write last_seen_at again. */
const TOUCH_INTERVAL_MS = 15 * 1000;

/** Over https the __Host- prefix (Secure, this host, path /): no other site or subdomain can set or shadow it. */
export function sessionCookie() {
  return signedCookie(sessionCookieName());
}

export function sessionCookieName(): "__Host-session" | "__session" {
  return getConfig().https ? "__Host-session" : "__session";
}

function hashId(id: string) {
  return createHash("sha256").update(id).digest("hex");
}

/** Where a session signed in from, for its owner's list: the browser's own name and the address. */
export interface SessionClient {
  device?: string | null;
  address?: string | null;
}

/** The cookie holds only a random id. `awaiting`: password proved, second step pending; nothing else opens (R129). */
export async function createSession(
  db: DB,
  userId: number,
  now: Date = new Date(),
  awaiting: SessionAwaiting | null = null,
  client: SessionClient = {},
  /** Waiting for a mailed code ("mailCode"): the hash of the code mailed for it. */
  mailCodeHash: string | null = null,
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashId(id),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + maxAgeOf(awaiting)).toISOString(),
      awaiting,
      mail_code_hash: mailCodeHash,
      device: client.device?.slice(0, 300) || null,
      address: client.address && client.address !== "unknown" ? client.address.slice(0, 100) : null,
    })
    .execute();
  return sessionCookie().serialize(id);
}

/** A session past the second step that was already passed: two forms sent at once, the second one late (a 403). */
export class SessionGoneError extends ForbiddenError {
  name = "SessionGoneError";
}

/**
 * A new id after the second step (R110, R129), so a cookie copied between password and code opens nothing. A waiting
 * session already renewed or gone gives SessionGoneError.
 */
export async function renewSession(
  db: DB,
  waitingIdHash: string,
  userId: number,
  now: Date = new Date(),
): Promise<string> {
  const gone = await db
    .deleteFrom("sessions")
    .where("id_hash", "=", waitingIdHash)
    .where("user_id", "=", userId)
    .where("awaiting", "is not", null)
    .returning(["device", "address"])
    .executeTakeFirst();
  if (!gone) throw new SessionGoneError("the waiting session was renewed already");
  return createSession(db, userId, now, null, gone);
}

export type SessionLookup =
  | { status: "none" }
  | { status: "expired" }
  | { status: "active"; userId: number; sessionIdHash: string; awaiting: SessionAwaiting | null };

/** Idle or worn-out sessions are deleted here, whether or not the browser showed the inactivity dialog. */
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

export async function destroySession(db: DB, request: Request): Promise<string> {
  const id = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof id === "string" && id) await db.deleteFrom("sessions").where("id_hash", "=", hashId(id)).execute();
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Ends every session of a user at once (deactivation, password change). */
export async function destroyUserSessions(db: DB, userId: number) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
