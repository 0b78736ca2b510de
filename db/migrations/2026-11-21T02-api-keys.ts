import type { Kysely } from "kysely";
import { idColumn, nowText } from "../dialect";

// API keys (issue 11): the program's own systems call the JSON API with `Authorization: Bearer`.
// A key acts as the administrator who created it, with that person's rights, and stops working
// when it is revoked, when it expires, or when its owner is deactivated or loses the role. Only
// the SHA-256 of the key is kept; its first characters are kept to tell keys apart on the page.

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("api_keys")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("key_start", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text")
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("api_keys_user").on("api_keys").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_keys").ifExists().execute();
}
