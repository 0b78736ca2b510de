import type { Kysely } from "kysely";
import { idColumn } from "../dialect";

// A second factor for signing in (docs/product-rules.md R129, issue 24): an authenticator app's secret per person
// (RFC 6238), unconfirmed until a code from the app proves it was saved, with the time step of the last code taken
// (a code is taken once); ten recovery codes, kept hashed, each used once; and a session that has passed the
// password but not yet the second factor ("code") or its set-up ("setup"), which opens nothing else.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("second_factors")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("last_used_step", "integer")
    .execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").columns(["user_id", "code_hash"]).execute();
  await db.schema.alterTable("sessions").addColumn("awaiting", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("awaiting").execute();
  await db.schema.dropTable("recovery_codes").ifExists().execute();
  await db.schema.dropTable("second_factors").ifExists().execute();
}
