import type { Kysely } from "kysely";

// Work that one instance at a time must do (the sweeps of unfinished uploads and old reports),
// when several instances share one database (issue 21): the instance that holds a task's row
// until `expires_at` does it; the others leave it. The row goes when the work ends, and a lease
// left by an instance that died runs out by itself.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("task_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("task_leases").ifExists().execute();
}
