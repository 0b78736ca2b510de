import type { Kysely } from "kysely";

// The referral lists at 100,000 referrals (issue 8, measured in bench/RESULTS.md): "submitted" is
// every status but Draft, which no (status, …) index can return in date order; these let SQLite
// read the newest first and stop after one page.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("referrals_status_changed_at").on("referrals").column("status_updated_at").execute();
  await db.schema.createIndex("referrals_updated_at").on("referrals").column("updated_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("referrals_updated_at").ifExists().execute();
  await db.schema.dropIndex("referrals_status_changed_at").ifExists().execute();
}
