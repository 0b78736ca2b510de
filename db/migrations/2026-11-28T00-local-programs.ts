import type { Kysely } from "kysely";
import { idColumn } from "../dialect";

// The 24 local programs of Maryland's Infants and Toddlers Program, one per county and Baltimore City (issue 35,
// docs/product-rules.md R136-R142):
// - each program: its names in both languages, its jurisdiction (a county's FIPS code, one program each), the intake
//   address told of each new referral, the phone families are given, the e-mail domains its staff's accounts are on;
// - its staff: the accounts with the local program role, each for one or more programs;
// - each submitted referral belongs to one program (its address's county at submission, or where it was moved), and
//   keeps when the program first opened it and every move from one program to another, with who and why.
// The seed writes the programs (db/seed.ts) and gives the referrals submitted before this migration their program.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("local_programs")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("jurisdiction", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_es", "text", (c) => c.notNull())
    .addColumn("intake_email", "text")
    .addColumn("phone", "text")
    .addColumn("approved_domains", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text")
    .addColumn("updated_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createTable("user_local_programs")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("local_program_id", "integer", (c) => c.notNull().references("local_programs.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_local_programs_pk", ["user_id", "local_program_id"])
    .execute();
  await db.schema
    .createIndex("user_local_programs_program")
    .on("user_local_programs")
    .columns(["local_program_id"])
    .execute();

  await db.schema
    .alterTable("referrals")
    .addColumn("local_program_id", "integer", (c) => c.references("local_programs.id"))
    .execute();
  await db.schema.alterTable("referrals").addColumn("opened_at", "text").execute();
  await db.schema.alterTable("referrals").addColumn("opened_by_id", "integer").execute();
  // The program's own lists, newest status change first, as the statewide list is read.
  await db.schema
    .createIndex("referrals_program_status")
    .on("referrals")
    .columns(["local_program_id", "status_updated_at"])
    .execute();

  await db.schema
    .createTable("referral_transfers")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("from_program_id", "integer", (c) => c.references("local_programs.id"))
    .addColumn("to_program_id", "integer", (c) => c.notNull().references("local_programs.id"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("transferred_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("transferred_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("referral_transfers_referral")
    .on("referral_transfers")
    .columns(["referral_id", "transferred_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("referral_transfers").ifExists().execute();
  await db.schema.dropIndex("referrals_program_status").ifExists().execute();
  await db.schema.alterTable("referrals").dropColumn("opened_by_id").execute();
  await db.schema.alterTable("referrals").dropColumn("opened_at").execute();
  await db.schema.alterTable("referrals").dropColumn("local_program_id").execute();
  await db.schema.dropTable("user_local_programs").ifExists().execute();
  await db.schema.dropTable("local_programs").ifExists().execute();
}
