import { randomBytes } from "node:crypto";
import type { ApiKeyScope } from "../../db/schema";
import { API_KEY_PREFIX, hashToken } from "~/auth/token.server";
import type { DB } from "~/db.server";

/**
 * An API key of a person, written as createApiKey writes it, for the tests of what a key may call (making one, with
 * the password and a code given again, is tested in app/models/api-key.server.test.ts and e2e/sign-in.spec.ts).
 */
export async function insertApiKey(
  db: DB,
  userId: number,
  { name = "test", scope = "write", days = 90 }: { name?: string; scope?: ApiKeyScope; days?: number } = {},
) {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const now = new Date();
  const row = await db
    .insertInto("api_keys")
    .values({
      name,
      key_hash: hashToken(key),
      key_start: key.slice(0, API_KEY_PREFIX.length + 4),
      scope,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}
