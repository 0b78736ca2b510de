import { sql, type Kysely } from "kysely";
import {
  addForwardReference,
  bumpCacheVersionOnChange,
  digitsCheck,
  forwardReference,
  idColumn,
  nowText,
} from "../dialect";

// Frozen in time: migrations take Kysely<any>, never the application's types. Where SQLite and
// PostgreSQL differ (a numbered key, the time now, a trigger), db/dialect.ts decides.

const REFERRAL_STATUSES = [
  "Draft",
  "Submitted",
  "Received",
  "Processed",
  "Unable to Process",
  "Unable to Contact",
  "Eligible",
  "Not Eligible",
];

function flag(column: string) {
  return sql`check (${sql.ref(column)} in (0, 1))`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("lookups")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().check(sql`description <> ''`))
    .addColumn("description_es", "text", (c) => c.notNull().check(sql`description_es <> ''`))
    .addColumn("list_order", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("lookups_type_code", ["type", "code"])
    .execute();
  await db.schema.createIndex("lookups_type_order").on("lookups").columns(["type", "list_order"]).execute();

  // A counter per cached data set, bumped by triggers, so every server process sees a change
  // made by another one (the seed, an administrator) at the cost of one indexed read.
  await db.schema
    .createTable("cache_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into cache_versions (name, version) values ('lookups', 0), ('miscellaneous', 0)`.execute(db);
  await bumpCacheVersionOnChange(db, "lookups");

  await db.schema
    .createTable("miscellaneous")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
  await bumpCacheVersionOnChange(db, "miscellaneous");

  await db.schema
    .createTable("zip_codes")
    .addColumn("zip", "text", (c) => c.primaryKey())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("county_fips", "text", (c) => c.notNull())
    .addColumn("all_county_fips", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("phone_numbers")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("area_code", "text", (c) => c.notNull().check(digitsCheck(db, "area_code", 3)))
    .addColumn("prefix", "text", (c) => c.notNull().check(digitsCheck(db, "prefix", 3)))
    .addColumn("suffix", "text", (c) => c.notNull().check(digitsCheck(db, "suffix", 4)))
    .addColumn("created_by_id", "integer", (c) => forwardReference(db, c, "users.id"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("email", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn("username", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`username = lower(username)`),
    )
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("middle_name", "text")
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("prefix", "text")
    .addColumn("suffix", "text")
    .addColumn("reference", "text")
    .addColumn("primary_language", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(sql`primary_language in ('en', 'sp')`),
    )
    .addColumn("security_question1", "text")
    .addColumn("security_question2", "text")
    .addColumn("security_answer1_hash", "text")
    .addColumn("security_answer2_hash", "text")
    .addColumn("home_phone_id", "integer", (c) => c.references("phone_numbers.id").onDelete("set null"))
    .addColumn("work_phone_id", "integer", (c) => c.references("phone_numbers.id").onDelete("set null"))
    .addColumn("mobile_phone_id", "integer", (c) => c.references("phone_numbers.id").onDelete("set null"))
    .addColumn("locked", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("locked")))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("enabled")))
    .addColumn("last_login", "text")
    .addColumn("status_updated_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("users_name").on("users").columns(["last_name", "first_name"]).execute();
  await db.schema.createIndex("users_last_login").on("users").column("last_login").execute();
  await db.schema.createIndex("users_locked").on("users").column("locked").execute();
  await addForwardReference(db, "phone_numbers", "created_by_id", "users.id");

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('ROLE_USER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN')`))
    .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role"])
    .execute();
  await db.schema.createIndex("user_roles_role").on("user_roles").columns(["role", "user_id"]).execute();

  await db.schema
    .createTable("addresses")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("line1", "text", (c) => c.notNull())
    .addColumn("line2", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("zip", "text", (c) => c.notNull())
    .addColumn("nickname", "text")
    .addColumn("address_book", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("address_book")))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("MD"))
    .addColumn("county", "text")
    .addColumn("created_by_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("addresses_created_by")
    .on("addresses")
    .columns(["created_by_id", "address_book"])
    .execute();
  await db.schema.createIndex("addresses_county").on("addresses").column("county").execute();

  await db.schema
    .createTable("children")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("middle_name", "text")
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("prefix", "text")
    .addColumn("suffix", "text")
    .addColumn("birthdate", "text", (c) => c.notNull())
    .addColumn("state_of_residence", "text", (c) => c.notNull().defaultTo("21"))
    .addColumn("created_by_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("children_created_by_updated")
    .on("children")
    .columns(["created_by_id", "updated_at"])
    .execute();
  await db.schema.createIndex("children_name").on("children").columns(["last_name", "first_name"]).execute();
  await db.schema.createIndex("children_birthdate").on("children").column("birthdate").execute();

  await db.schema
    .createTable("referrals")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("Draft")
        .check(sql`status in (${sql.join(REFERRAL_STATUSES.map((s) => sql.lit(s)))})`),
    )
    .addColumn("child_id", "integer", (c) => c.notNull().references("children.id").onDelete("cascade"))
    .addColumn("created_by_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("submission_date", "text")
    .addColumn("status_updated_at", "text")
    .addColumn("status_details", "text")
    .addColumn("status_details_es", "text")
    .addColumn("comments", "text")
    .addColumn("service_coordinator", "text")
    .addColumn("eligibility_determination", "text")
    .addColumn("has_been_copied", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("has_been_copied")))
    .addColumn("referrer_relationship", "text")
    .addColumn("referral_source_other", "text")
    .addColumn("referrer_prefix", "text")
    .addColumn("referrer_suffix", "text")
    .addColumn("referrer_first_name", "text")
    .addColumn("referrer_middle_name", "text")
    .addColumn("referrer_last_name", "text")
    .addColumn("referrer_phone_id", "integer", (c) => c.references("phone_numbers.id").onDelete("set null"))
    .addColumn("family_approval", "integer")
    .addColumn("is_audiologist_screening", "integer")
    .addColumn("is_hospital_birth", "integer")
    .addColumn("is_capta", "integer")
    .addColumn("gender", "text")
    .addColumn("is_hispanic_child", "text", (c) => c.check(sql`is_hispanic_child in ('yes', 'no', 'unknown')`))
    .addColumn("primary_language", "text")
    .addColumn("address_id", "integer", (c) => c.references("addresses.id").onDelete("set null"))
    .addColumn("gestational_age_in_days", "integer", (c) => c.check(sql`gestational_age_in_days >= -1`))
    .addColumn("family_primary_language", "text")
    .addColumn("family_needs_interpreter", "text", (c) => c.check(sql`family_needs_interpreter in ('yes', 'no')`))
    .addColumn("child_in_foster_care", "text", (c) => c.check(sql`child_in_foster_care in ('yes', 'no', 'unknown')`))
    .addColumn("other_medical_condition", "text")
    .addColumn("failed_screening_date", "text")
    .addColumn("additional_details", "text", (c) => c.check(sql`length(additional_details) <= 2000`))
    .addColumn("child_parent_consent", "integer")
    .execute();
  // The list screens filter by creator and status and sort by updatedAt (drafts) or
  // statusUpdatedAt (everything else); the status-updates screen reads the same index.
  await db.schema
    .createIndex("referrals_creator_status_updated")
    .on("referrals")
    .columns(["created_by_id", "status", "updated_at"])
    .execute();
  await db.schema
    .createIndex("referrals_creator_status_changed")
    .on("referrals")
    .columns(["created_by_id", "status_updated_at"])
    .execute();
  await db.schema.createIndex("referrals_status_updated").on("referrals").columns(["status", "updated_at"]).execute();
  await db.schema
    .createIndex("referrals_status_changed")
    .on("referrals")
    .columns(["status", "status_updated_at"])
    .execute();
  await db.schema.createIndex("referrals_child").on("referrals").column("child_id").execute();
  await db.schema.createIndex("referrals_created_at").on("referrals").column("created_at").execute();
  await db.schema.createIndex("referrals_submission_date").on("referrals").column("submission_date").execute();
  await db.schema.createIndex("referrals_address").on("referrals").column("address_id").execute();

  await db.schema
    .createTable("referral_races")
    .addColumn("referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("race_code", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("referral_races_pk", ["referral_id", "race_code"])
    .execute();

  await db.schema
    .createTable("referral_reasons")
    .addColumn("referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("reason_type", "text", (c) =>
      c
        .notNull()
        .check(sql`reason_type in ('RefReasons_ConcernsDevelopmental', 'FailedScreenings', 'IdentifiedConditions')`),
    )
    .addColumn("reason_code", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("referral_reasons_pk", ["referral_id", "reason_type", "reason_code"])
    .execute();

  await db.schema
    .createTable("adults")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("middle_name", "text")
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("prefix", "text")
    .addColumn("suffix", "text")
    .addColumn("child_relationship", "text")
    .addColumn("preferred_method_of_contact", "text")
    .addColumn("best_time_to_contact", "text")
    .addColumn("email", "text")
    .addColumn("home_phone_id", "integer", (c) => c.references("phone_numbers.id").onDelete("set null"))
    .addColumn("work_phone_id", "integer", (c) => c.references("phone_numbers.id").onDelete("set null"))
    .addColumn("mobile_phone_id", "integer", (c) => c.references("phone_numbers.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("adults_referral").on("adults").column("referral_id").execute();

  await db.schema
    .createTable("referral_documents")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("disabled")))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("is_consent", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("is_consent")))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_path", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("referral_documents_referral")
    .on("referral_documents")
    .columns(["referral_id", "is_consent"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("last_seen_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("return_to", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("attempts_left", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("answers_verified_at", "text")
    .addColumn("requested_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("password_reset_tokens_user")
    .on("password_reset_tokens")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("email_verifications")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("email_verifications_user").on("email_verifications").column("user_id").execute();

  await db.schema
    .createTable("review_tokens")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("review_tokens_referral").on("review_tokens").column("referral_id").execute();

  await db.schema
    .createTable("referral_status_history")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("referral_id", "integer", (c) => c.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("changed_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("changed_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("status_details", "text")
    .addColumn("status_details_es", "text")
    .addColumn("comments", "text")
    .execute();
  await db.schema
    .createIndex("referral_status_history_referral")
    .on("referral_status_history")
    .columns(["referral_id", "changed_at"])
    .execute();

  await db.schema
    .createTable("generated_reports")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('referral', 'user')`))
    .addColumn("format", "text", (c) => c.notNull().check(sql`format in ('csv', 'xlsx')`))
    .addColumn("file_name", "text", (c) => c.notNull().unique())
    .addColumn("parameters", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("row_count", "integer")
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("generated_reports_created_at").on("generated_reports").column("created_at").execute();

  // The record of access that 34 CFR 303.406 asks of early-intervention records.
  await db.schema
    .createTable("audit_events")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_review_token_id", "integer", (c) => c.references("review_tokens.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer")
    .addColumn("referral_id", "integer", (c) => c.references("referrals.id").onDelete("cascade"))
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("audit_events_referral").on("audit_events").columns(["referral_id", "at"]).execute();
  await db.schema.createIndex("audit_events_actor").on("audit_events").columns(["actor_user_id", "at"]).execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("window_ends_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["bucket", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rate_limits",
    "audit_events",
    "generated_reports",
    "referral_status_history",
    "review_tokens",
    "email_verifications",
    "password_reset_tokens",
    "sessions",
    "referral_documents",
    "adults",
    "referral_reasons",
    "referral_races",
    "referrals",
    "children",
    "addresses",
    "user_roles",
    "users",
    "phone_numbers",
    "zip_codes",
    "miscellaneous",
    "cache_versions",
    "lookups",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
