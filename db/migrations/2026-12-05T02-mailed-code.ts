import type { Kysely } from "kysely";

// Binding a second step asks first for a code mailed to the account (issue 50, docs/product-rules.md R129): whoever
// holds the password alone cannot bind their own app to an administrator's or a program's account. The session that
// waits for that code keeps its hash.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("mail_code_hash", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("mail_code_hash").execute();
}
