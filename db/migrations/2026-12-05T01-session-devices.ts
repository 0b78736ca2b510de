import type { Kysely } from "kysely";

// A person's list of their own sessions (issue 50, docs/product-rules.md R110): the browser a session was signed in
// with (its User-Agent, as sent) and the address it came from, beside when it was last seen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("device", "text").execute();
  await db.schema.alterTable("sessions").addColumn("address", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("address").execute();
  await db.schema.alterTable("sessions").dropColumn("device").execute();
}
