import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { ApiKeyEndReason, ApiKeyScope } from "../../db/schema";
import { verifyPassword } from "~/auth/password.server";
import { API_KEY_PREFIX, hashToken } from "~/auth/token.server";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import { sendApiKeyCreatedEmail } from "~/services/emails.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { API_KEY_MAX_DAYS } from "~/schemas/api-key";
import { ForbiddenError, InputError, NotFoundError } from "./errors";
import { actsForProgram, mayManageApiKey } from "./policy";
import { proveSecondFactor } from "./second-factor.server";
import { doneBy, recordSecurityEvent, type SecurityEvent } from "./security-events.server";
import { getCurrentUser, type CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// API keys (R101). Making one asks again for the password and an app code, so a taken-over session alone cannot;
// every administrator is told. The key is shown once; only its SHA-256 is kept.

/** How often the "last used" time is written (a write per call would slow every call down). */
const LAST_USED_EVERY_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ApiKeyRow {
  id: number;
  ownerId: number;
  name: string;
  keyStart: string;
  scope: ApiKeyScope;
  ownerName: string;
  ownerEmail: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  endedReason: ApiKeyEndReason | null;
}

/** API keys are the program's: administrators and local program staff (R137), each reading what their pages show. */
function requireAdministrator(actor: CurrentUser): void {
  if (!actsForProgram(actor)) throw new ForbiddenError("API keys are for administrators and program staff");
}

export interface NewApiKey {
  name: string;
  scope: ApiKeyScope;
  /** 1 to 90. */
  days: number;
  /** The maker's password and a code of their app (or a recovery code), given again on the form that makes it. */
  password: string;
  proof: { code: string } | { recoveryCode: string };
}

/** A security event about one key: whose it is, which, and its name, as the events page shows it (R133). */
async function recordKeyEvent(
  db: DB,
  event: Pick<SecurityEvent, "kind" | "actorUserId" | "apiKeyId" | "address">,
  key: { id: number; name: string; ownerId: number },
  now: Date,
  reason?: ApiKeyEndReason,
) {
  const details = { key: key.name, reason };
  await recordSecurityEvent(db, { ...event, subjectUserId: key.ownerId, subjectApiKeyId: key.id, details }, now);
}

async function administrators(db: DB) {
  return db
    .selectFrom("users as u")
    .innerJoin("user_roles as r", "r.user_id", "u.id")
    .select(["u.id", "u.email", "u.first_name", "u.primary_language"])
    .where("r.role", "in", ["ROLE_ADMIN", "ROLE_SUPER_ADMIN"])
    .where("u.locked", "=", 0)
    .where("u.enabled", "=", 1)
    .distinct()
    .execute();
}

/** A new key, after the password (rate limited as a current-password check) and an app code (InputError by field). */
export const createApiKey = traced(
  "model.createApiKey",
  async function createApiKey(
    db: DB,
    actor: CurrentUser,
    input: NewApiKey,
    clientIp: string,
    now = new Date(),
  ): Promise<{ id: number; key: string }> {
    requireAdministrator(actor);
    if (!Number.isInteger(input.days) || input.days < 1 || input.days > API_KEY_MAX_DAYS)
      throw new InputError({ days: ["validation.daysRange1to90"] });
    const limit = await hitRateLimit(db, "currentPassword", String(actor.id), now);
    if (!limit.allowed) throw new InputError({ currentPassword: ["validation.tooManyTries"] });
    const { password_hash: passwordHash } = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", actor.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(passwordHash, input.password)))
      throw new InputError({ currentPassword: ["validation.currentPasswordWrong"] });
    await proveSecondFactor(db, actor, input.proof, clientIp);

    const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + input.days * DAY_MS).toISOString();
    const row = await db
      .insertInto("api_keys")
      .values({
        name: input.name,
        key_hash: hashToken(key),
        key_start: key.slice(0, API_KEY_PREFIX.length + 4),
        scope: input.scope,
        user_id: actor.id,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const made = { id: row.id, name: input.name, ownerId: actor.id };
    await recordKeyEvent(db, { kind: "apiKeyMade", ...doneBy(actor), address: clientIp }, made, now);
    const maker = `${actor.firstName} ${actor.lastName} (${actor.email})`;
    for (const administrator of await administrators(db)) {
      await sendApiKeyCreatedEmail(administrator, { name: input.name, maker, scope: input.scope, expiresAt });
    }
    return { id: row.id, key };
  },
);

/** The keys the asker may manage (mayManageApiKey), newest first, with whose rights each carries. */
export const listApiKeys = traced("model.listApiKeys", async function listApiKeys(db: DB, actor: CurrentUser): Promise<
  ApiKeyRow[]
> {
  requireAdministrator(actor);
  const keys = await db
    .selectFrom("api_keys as k")
    .innerJoin("users as u", "u.id", "k.user_id")
    .select([
      "k.id as id",
      "k.user_id as ownerId",
      "k.name as name",
      "k.key_start as keyStart",
      "k.scope as scope",
      "u.email as ownerEmail",
      "k.created_at as createdAt",
      "k.expires_at as expiresAt",
      "k.last_used_at as lastUsedAt",
      "k.revoked_at as revokedAt",
      "k.ended_reason as endedReason",
    ])
    .select(sql<string>`u.first_name || ' ' || u.last_name`.as("ownerName"))
    .orderBy("k.id", "desc")
    .execute();
  // Few keys: the rule is asked of each, not written again as a query.
  return keys.filter((key) => mayManageApiKey(actor, key));
});

export const revokeApiKey = traced(
  "model.revokeApiKey",
  async function revokeApiKey(db: DB, actor: CurrentUser, id: number, now = new Date()): Promise<void> {
    requireAdministrator(actor);
    await writeTransaction(db, async (trx) => {
      // R135: the key's row, so two revocations at once record one event.
      await holdRows(trx, "api_keys", "id", [id]);
      const key = await trx
        .selectFrom("api_keys")
        .select(["id", "name", "user_id", "revoked_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!key || !mayManageApiKey(actor, { ownerId: key.user_id })) throw new NotFoundError("api key");
      if (key.revoked_at) return;
      await trx
        .updateTable("api_keys")
        .set({ revoked_at: now.toISOString(), revoked_by_id: actor.id, ended_reason: "revoked" })
        .where("id", "=", id)
        .execute();
      const revoked = { id: key.id, name: key.name, ownerId: key.user_id };
      await recordKeyEvent(trx, { kind: "apiKeyRevoked", ...doneBy(actor) }, revoked, now);
    });
  },
);

/** Ends every working key a person made (password changed, second step reset, …), each a security event. */
export const endApiKeysOf = traced(
  "model.endApiKeysOf",
  async function endApiKeysOf(
    db: DB,
    userId: number,
    reason: Exclude<ApiKeyEndReason, "revoked">,
    now = new Date(),
  ): Promise<void> {
    const ended = await db
      .updateTable("api_keys")
      .set({ revoked_at: now.toISOString(), ended_reason: reason })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .returning(["id", "name"])
      .execute();
    for (const key of ended) {
      await recordKeyEvent(db, { kind: "apiKeyEnded" }, { ...key, ownerId: userId }, now, reason);
    }
  },
);

/** Who a key acts as and within what, or why it does not work (a 401 that says so). */
export type ApiKeyCaller =
  | { ok: true; user: CurrentUser; keyId: number; scope: ApiKeyScope }
  | { ok: false; why: "unknown" | "expired" | ApiKeyEndReason; at?: string };

/** Who a key acts as, or why it does not; a key whose maker is no longer an active administrator ends here. */
export const callerOfApiKey = traced(
  "model.callerOfApiKey",
  async function callerOfApiKey(db: DB, key: string, now = new Date()): Promise<ApiKeyCaller> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return { ok: false, why: "unknown" };
    const row = await db
      .selectFrom("api_keys")
      .select(["id", "user_id", "scope", "expires_at", "revoked_at", "ended_reason", "last_used_at"])
      .where("key_hash", "=", hashToken(key))
      .executeTakeFirst();
    if (!row) return { ok: false, why: "unknown" };
    if (row.revoked_at) return { ok: false, why: row.ended_reason ?? "revoked", at: row.revoked_at };
    if (row.expires_at && row.expires_at <= now.toISOString()) return { ok: false, why: "expired", at: row.expires_at };
    const user = await getCurrentUser(db, row.user_id);
    if (!user || !actsForProgram(user)) {
      const why = user ? "roleLost" : "deactivated";
      await endApiKeysOf(db, row.user_id, why, now);
      return { ok: false, why, at: now.toISOString() };
    }
    if (!row.last_used_at || Date.parse(row.last_used_at) < now.getTime() - LAST_USED_EVERY_MS) {
      await db.updateTable("api_keys").set({ last_used_at: now.toISOString() }).where("id", "=", row.id).execute();
    }
    return { ok: true, user, keyId: row.id, scope: row.scope };
  },
);
