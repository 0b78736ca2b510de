import { randomBytes } from "node:crypto";
import { generateTOTP } from "@epic-web/totp";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSecret } from "../app/services/secret-box.server";
import { addPerson } from "../app/test/people";
import { forgetSingleton } from "../app/utils/singleton.server";
import { migrateToLatest } from "./migrate";
import { migrationProvider } from "./migrations";
import { rotateSecrets } from "./rotate-secrets";
import { readSecretsKeys } from "./secrets-key";
import { createTestDatabase, type TestDatabase } from "./testing";

// The authenticator keys at rest (docs/product-rules.md R109, issue 31): the migration seals the keys kept in plain
// text before it, drops the set-ups shown and never confirmed, and gives every API key an end date; a rotation of
// SECRETS_KEY seals them again under the new key. On a real database (SQLite, and PostgreSQL in its half of npm test).

let test: TestDatabase;
const BEFORE = "2026-11-26T00-second-factor";
const oldKey = randomBytes(32).toString("base64");

beforeAll(async () => {
  test = await createTestDatabase({ migrated: false });
  Object.assign(process.env, test.env, { SECRETS_KEY: oldKey });
  await new Migrator({ db: test.db, provider: migrationProvider }).migrateTo(BEFORE);
});
afterAll(() => test.close());

describe("the migration that seals the authenticator keys", () => {
  it("seals every confirmed key under SECRETS_KEY, bound to its person, drops the unconfirmed, and ends every API key within 90 days", async () => {
    const db = test.db;
    const confirmed = await addPerson(db, "kept@maryland.gov", { admin: true });
    const unconfirmed = await addPerson(db, "shown@maryland.gov", { admin: true });
    const { secret } = await generateTOTP();
    const now = new Date().toISOString();
    // As the second factor's first version kept them: the key in plain text.
    await db
      .insertInto("second_factors")
      .values({ user_id: confirmed.id, secret, created_at: now, confirmed_at: now, last_used_step: 1 } as never)
      .execute();
    await db
      .insertInto("second_factors")
      .values({ user_id: unconfirmed.id, secret: "AAAAAAAAAAAAAAAA", created_at: now } as never)
      .execute();
    await db
      .insertInto("api_keys")
      .values({
        name: "forever",
        key_hash: "x".repeat(64),
        key_start: "mdei_abcd",
        user_id: confirmed.id,
        created_at: now,
      } as never)
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom("second_factors").select(["user_id", "secret", "setup_session_hash"]).execute();
    expect(rows.map((row) => row.user_id)).toEqual([confirmed.id]);
    expect(rows[0].secret).not.toContain(secret);
    const keys = readSecretsKeys({ SECRETS_KEY: oldKey }, test.dir);
    expect(openSecret(rows[0].secret, `totp:${confirmed.id}`, keys)).toBe(secret);
    const apiKey = await db.selectFrom("api_keys").select(["expires_at", "scope"]).executeTakeFirstOrThrow();
    expect(apiKey.scope).toBe("write");
    expect(Date.parse(apiKey.expires_at!) - Date.now()).toBeLessThanOrEqual(90 * 86_400_000);
  });

  it("is sealed again under a new SECRETS_KEY by db:rotate-secrets, the previous key opening it until then", async () => {
    const newKey = randomBytes(32).toString("base64");
    const before = await test.db.selectFrom("second_factors").select(["user_id", "secret"]).executeTakeFirstOrThrow();
    const { getConfig } = await import("../app/config.server");
    // The server as the rotation of docs/security.md runs it: the new key, and the previous one beside it.
    Object.assign(process.env, { SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey });
    forgetSingleton("config");
    const rotated = readSecretsKeys({ SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey }, test.dir);
    expect(openSecret(before.secret, `totp:${before.user_id}`, rotated)).toBeTruthy();
    expect(getConfig().secretsKeys.current.equals(Buffer.from(newKey, "base64"))).toBe(true);

    expect(await rotateSecrets(test.db)).toBe(1);
    expect(await rotateSecrets(test.db)).toBe(0);
    const after = await test.db.selectFrom("second_factors").select("secret").executeTakeFirstOrThrow();
    // Without the previous key, the new one alone opens it.
    const newOnly = readSecretsKeys({ SECRETS_KEY: newKey }, test.dir);
    expect(openSecret(after.secret, `totp:${before.user_id}`, newOnly)).toBe(
      openSecret(before.secret, `totp:${before.user_id}`, rotated),
    );
    expect(() =>
      openSecret(after.secret, `totp:${before.user_id}`, readSecretsKeys({ SECRETS_KEY: oldKey }, test.dir)),
    ).toThrow();
  });
});
