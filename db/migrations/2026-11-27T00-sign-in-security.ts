import { createCipheriv, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { readSecretsKeys, secretsKeyId } from "../secrets-key";

// Sign-in as a security review asks (issue 31, docs/product-rules.md R110, R129, R101):
// - an authenticator key shown at a set-up belongs to that set-up's session, and only it confirms it; a key shown and
//   never confirmed before this is dropped (the next set-up shows a new one);
// - the confirmed keys are sealed (AES-256-GCM) with a key kept apart from the data (db/secrets-key.ts), in the form
//   app/services/secret-box.server.ts opens: v1.<key id>.<iv>.<tag>.<ciphertext>, bound to "totp:<user id>";
// - wrong codes of a person's second step, counted in a row, and the lock they earn;
// - an API key's scope (read, or read and write) and why it ended; a key without an end date gets one 90 days on,
//   and keeps the writes it had;
// - a verification link may confirm a new e-mail address rather than a new account;
// - indexes the hourly sweep of spent sessions and limits reads.

const DAY = 24 * 60 * 60 * 1000;

/** As app/services/secret-box.server.ts seals, frozen here. */
function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    "v1",
    secretsKeyId(key),
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    sealed.toString("base64url"),
  ].join(".");
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("second_factors").addColumn("setup_session_hash", "text").execute();
  await db.deleteFrom("second_factors").where("confirmed_at", "is", null).execute();
  const kept = await db.selectFrom("second_factors").select(["user_id", "secret"]).execute();
  const plain = kept.filter((row: { secret: string }) => !row.secret.startsWith("v1."));
  if (plain.length) {
    if (process.env.NODE_ENV === "production" && !process.env.SECRETS_KEY) {
      throw new Error(
        "SECRETS_KEY must be set to seal the authenticator keys kept in the database (docs/security.md: Keys at rest)",
      );
    }
    const { SECRETS_KEY, SECRETS_KEY_PREVIOUS, DATA_DIR = "./data" } = process.env;
    const { current } = readSecretsKeys({ SECRETS_KEY, SECRETS_KEY_PREVIOUS }, DATA_DIR);
    for (const row of plain as Array<{ user_id: number; secret: string }>) {
      await db
        .updateTable("second_factors")
        .set({ secret: seal(current, row.secret, `totp:${row.user_id}`) })
        .where("user_id", "=", row.user_id)
        .execute();
    }
  }

  await db.schema
    .createTable("code_guards")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .execute();

  await db.schema
    .alterTable("api_keys")
    .addColumn("scope", "text", (c) => c.notNull().defaultTo("write"))
    .execute();
  await db.schema.alterTable("api_keys").addColumn("ended_reason", "text").execute();
  await db
    .updateTable("api_keys")
    .set({ expires_at: new Date(Date.now() + 90 * DAY).toISOString() })
    .where("expires_at", "is", null)
    .execute();

  await db.schema.alterTable("email_verifications").addColumn("new_email", "text").execute();

  await db.schema.createIndex("sessions_last_seen").on("sessions").column("last_seen_at").execute();
  await db.schema.createIndex("rate_limits_window").on("rate_limits").column("window_ends_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("rate_limits_window").ifExists().execute();
  await db.schema.dropIndex("sessions_last_seen").ifExists().execute();
  await db.schema.alterTable("email_verifications").dropColumn("new_email").execute();
  await db.schema.alterTable("api_keys").dropColumn("ended_reason").execute();
  await db.schema.alterTable("api_keys").dropColumn("scope").execute();
  await db.schema.dropTable("code_guards").ifExists().execute();
  await db.schema.alterTable("second_factors").dropColumn("setup_session_hash").execute();
}
