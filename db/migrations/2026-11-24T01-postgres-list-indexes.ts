import type { Kysely } from "kysely";
import { createEmptiesLastIndex, createSubstringIndexes } from "../dialect";

// The lists at 100,000 referrals on PostgreSQL (issue 21, bench/RESULTS.md): sorts on a column
// that may be empty place the empty values as SQLite does, which PostgreSQL serves only from an
// index in that order; and the searches by name (ILIKE '%…%') read trigram indexes instead of the
// whole table. On SQLite this migration adds nothing (db/dialect.ts says why).

export async function up(db: Kysely<any>): Promise<void> {
  await createEmptiesLastIndex(db, "referrals_status_changed_empties_last", "referrals", "status_updated_at");
  await createEmptiesLastIndex(db, "referrals_submitted_empties_last", "referrals", "submission_date");
  await createEmptiesLastIndex(db, "users_last_login_empties_last", "users", "last_login");
  await createSubstringIndexes(db, "children", ["first_name", "middle_name", "last_name"]);
  await createSubstringIndexes(db, "users", ["first_name", "middle_name", "last_name", "email"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "referrals_status_changed_empties_last",
    "referrals_submitted_empties_last",
    "users_last_login_empties_last",
    "children_first_name_trigrams",
    "children_middle_name_trigrams",
    "children_last_name_trigrams",
    "users_first_name_trigrams",
    "users_middle_name_trigrams",
    "users_last_name_trigrams",
    "users_email_trigrams",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
