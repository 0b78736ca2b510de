import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { hashToken } from "~/auth/token.server";
import { writeTransaction, type DB } from "~/db.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { getCurrentUser, type CurrentUser } from "./user.server";

// API keys for the program's own systems (issue 11). A key acts as the administrator who made it,
// with exactly that person's rights: it stops with the person's role or account, when it expires,
// or when any administrator revokes it. The key is shown once; the database keeps its SHA-256.

export const API_KEY_PREFIX = "mdei_";
/** How often the "last used" time is written (a write per call would slow every call down). */
const LAST_USED_EVERY_MS = 60 * 1000;

export interface ApiKeyRow {
  id: number;
  name: string;
  keyStart: string;
  ownerName: string;
  ownerEmail: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function requireAdministrator(actor: CurrentUser): void {
  if (!actor.isAdmin) throw new ForbiddenError("API keys are for administrators");
}

/** A new key for the administrator asking; `days` of validity, or none for a key that lasts until revoked. */
export async function createApiKey(db: DB, actor: CurrentUser, input: { name: string; days?: number }, now = new Date()): Promise<{ id: number; key: string }> {
  requireAdministrator(actor);
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const expiresAt = input.days ? new Date(now.getTime() + input.days * 24 * 60 * 60 * 1000).toISOString() : null;
  const row = await db
    .insertInto("api_keys")
    .values({
      name: input.name,
      key_hash: hashToken(key),
      key_start: key.slice(0, API_KEY_PREFIX.length + 4),
      user_id: actor.id,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

/** Every key, newest first, with whose rights it carries; administrators only. */
export async function listApiKeys(db: DB, actor: CurrentUser): Promise<ApiKeyRow[]> {
  requireAdministrator(actor);
  return db
    .selectFrom("api_keys as k")
    .innerJoin("users as u", "u.id", "k.user_id")
    .select([
      "k.id as id",
      "k.name as name",
      "k.key_start as keyStart",
      "u.email as ownerEmail",
      "k.created_at as createdAt",
      "k.expires_at as expiresAt",
      "k.last_used_at as lastUsedAt",
      "k.revoked_at as revokedAt",
    ])
    .select(sql<string>`u.first_name || ' ' || u.last_name`.as("ownerName"))
    .orderBy("k.id", "desc")
    .execute();
}

export async function revokeApiKey(db: DB, actor: CurrentUser, id: number, now = new Date()): Promise<void> {
  requireAdministrator(actor);
  await writeTransaction(db, async (trx) => {
    const key = await trx.selectFrom("api_keys").select(["id", "revoked_at"]).where("id", "=", id).executeTakeFirst();
    if (!key) throw new NotFoundError("api key");
    if (key.revoked_at) return;
    await trx.updateTable("api_keys").set({ revoked_at: now.toISOString(), revoked_by_id: actor.id }).where("id", "=", id).execute();
  });
}

/**
 * Who a key acts as, or null for a key that is unknown, revoked or expired, or whose owner is no
 * longer an active administrator. The key itself proves who asks, as a session does.
 */
export async function userForApiKey(db: DB, key: string, now = new Date()): Promise<{ user: CurrentUser; keyId: number } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const row = await db
    .selectFrom("api_keys")
    .select(["id", "user_id", "expires_at", "revoked_at", "last_used_at"])
    .where("key_hash", "=", hashToken(key))
    .executeTakeFirst();
  if (!row || row.revoked_at || (row.expires_at && row.expires_at <= now.toISOString())) return null;
  const user = await getCurrentUser(db, row.user_id);
  if (!user?.isAdmin) return null;
  if (!row.last_used_at || Date.parse(row.last_used_at) < now.getTime() - LAST_USED_EVERY_MS) {
    await db.updateTable("api_keys").set({ last_used_at: now.toISOString() }).where("id", "=", row.id).execute();
  }
  return { user, keyId: row.id };
}
