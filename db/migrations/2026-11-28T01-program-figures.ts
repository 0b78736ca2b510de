import { sql, type Kysely } from "kysely";
import { daysToDetermination } from "../../app/utils/timeline";

// The figures of one program's referrals (docs/product-rules.md R137), and how many days after submission eligibility
// was first determined (the 45-day timeline, R141): two columns of each referral's row of figures, made here from the
// referrals and their status history as stored.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("referral_figures").addColumn("local_program_id", "integer").execute();
  await db.schema.alterTable("referral_figures").addColumn("determined_days", "integer").execute();
  await db.schema
    .createIndex("referral_figures_program_day")
    .on("referral_figures")
    .columns(["local_program_id", "submitted_day"])
    .execute();
  await sql`UPDATE referral_figures SET local_program_id = (SELECT r.local_program_id FROM referrals r WHERE r.id = referral_figures.referral_id)`.execute(
    db,
  );
  const determined = await db
    .selectFrom("referral_figures as f")
    .innerJoin("referral_status_history as h", "h.referral_id", "f.referral_id")
    .select(["f.referral_id", "f.submitted_day", sql<string>`min(h.changed_at)`.as("at")])
    .where("h.to_status", "in", ["Eligible", "Not Eligible"])
    .groupBy(["f.referral_id", "f.submitted_day"])
    .execute();
  for (const row of determined) {
    await db
      .updateTable("referral_figures")
      .set({ determined_days: daysToDetermination(row.submitted_day, row.at) })
      .where("referral_id", "=", row.referral_id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("referral_figures_program_day").ifExists().execute();
  await db.schema.alterTable("referral_figures").dropColumn("determined_days").execute();
  await db.schema.alterTable("referral_figures").dropColumn("local_program_id").execute();
}
