import type { Kysely } from "kysely";
import { sameChildPairs } from "../../app/utils/child-match";
import { easternCalendarDate } from "../../app/utils/dates";

// Children referred twice (docs/product-rules.md R126, issue 23): each pair of submitted referrals possibly of the
// same child, kept in both directions (a referral's pairs are one indexed read, for its review and the submitted
// list's filter), with an administrator's decision that they are not the same child. The pairs of referrals
// submitted before this migration are found here, once.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("same_child_pairs")
    .addColumn("referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("other_referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("found_at", "text", (c) => c.notNull())
    .addColumn("not_same_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("not_same_at", "text")
    .addPrimaryKeyConstraint("same_child_pairs_pk", ["referral_id", "other_referral_id"])
    .execute();
  await db.schema.createIndex("same_child_pairs_other").on("same_child_pairs").column("other_referral_id").execute();

  const submitted = await db
    .selectFrom("referrals")
    .innerJoin("children", "children.id", "referrals.child_id")
    .innerJoin("addresses", "addresses.id", "referrals.address_id")
    .select([
      "referrals.id",
      "referrals.submission_date",
      "children.first_name",
      "children.last_name",
      "children.birthdate",
      "addresses.county",
    ])
    .where("referrals.status", "!=", "Draft")
    .where("referrals.submission_date", "is not", null)
    .where("addresses.county", "is not", null)
    .execute();
  const pairs = sameChildPairs(
    submitted.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      birthdate: row.birthdate,
      county: row.county,
      submittedOn: easternCalendarDate(new Date(row.submission_date)),
    })),
  );
  const now = new Date().toISOString();
  const rows = pairs.flatMap(([a, b]) => [
    { referral_id: a, other_referral_id: b, found_at: now },
    { referral_id: b, other_referral_id: a, found_at: now },
  ]);
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto("same_child_pairs")
      .values(rows.slice(start, start + 500))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("same_child_pairs").ifExists().execute();
}
