import type { Kysely } from "kysely";
import { referralFiguresRow } from "../../app/utils/referral-figures";

// The program insight page's figures (docs/product-rules.md R127, issue 23): one narrow row a submitted referral,
// kept by the submit and every status change (app/models/insight.server.ts), so that a period's figures are read
// from one index in the order of the day of submission. The rows of the referrals submitted before this migration
// are made here, once.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("referral_figures")
    .addColumn("referral_id", "integer", (c) => c.primaryKey().references("referrals.id").onDelete("cascade"))
    .addColumn("created_by_id", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("submitted_day", "text", (c) => c.notNull())
    .addColumn("county", "text")
    .addColumn("source", "text")
    .addColumn("age_months", "integer", (c) => c.notNull())
    .addColumn("first_change_at", "text")
    .execute();
  // Every column the period's figures read, so they come from the index alone.
  await db.schema
    .createIndex("referral_figures_day")
    .on("referral_figures")
    .columns(["submitted_day", "status", "county", "source", "age_months", "first_change_at", "submitted_at"])
    .execute();
  await db.schema
    .createIndex("referral_figures_waiting")
    .on("referral_figures")
    .columns(["status", "submitted_day"])
    .execute();
  await db.schema
    .createIndex("referral_figures_creator")
    .on("referral_figures")
    .columns(["created_by_id", "submitted_day", "status"])
    .execute();

  for (let after = 0; ; ) {
    const batch = await db
      .selectFrom("referrals as r")
      .innerJoin("children as c", "c.id", "r.child_id")
      .leftJoin("addresses as a", "a.id", "r.address_id")
      .select([
        "r.id",
        "r.created_by_id",
        "r.status",
        "r.submission_date",
        "r.referrer_relationship",
        "c.birthdate",
        "a.county",
        (eb) =>
          eb
            .selectFrom("referral_status_history as h")
            .select((h) => h.fn.min("h.changed_at").as("at"))
            .whereRef("h.referral_id", "=", "r.id")
            .where("h.from_status", "is not", null)
            .where("h.from_status", "!=", "Draft")
            .as("first_change_at"),
      ])
      .where("r.status", "!=", "Draft")
      .where("r.submission_date", "is not", null)
      .where("r.id", ">", after)
      .orderBy("r.id")
      .limit(1000)
      .execute();
    if (!batch.length) return;
    // The table as this migration makes it: the program and the determination came later
    // (2026-11-28T00-local-programs).
    const rows = batch.map((row) => {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { local_program_id, determined_days, ...columns } = referralFiguresRow({
        ...row,
        local_program_id: null,
        determined_at: null,
      });
      return columns;
    });
    await db.insertInto("referral_figures").values(rows).execute();
    after = batch[batch.length - 1].id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("referral_figures").ifExists().execute();
}
