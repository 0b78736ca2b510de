import { sql, type Kysely } from "kysely";
import { idColumn } from "../dialect";

// Every look at a child's record, and every event of sign-in, recorded where a program can read them (issue 32,
// docs/product-rules.md R95, R133):
// - the record of access names the child a look was at (a list or an export shows children, not one referral), how
//   (a page, a CSV export, a report, the API) and through which API key;
// - a review link names its reviewer and why it was made;
// - the security events: sign-ins and their failures, codes, keys, promotions, deactivations, resets, e-mail changes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("audit_events")
    .addColumn("child_id", "integer", (c) => c.references("children.id").onDelete("cascade"))
    .execute();
  await db.schema.alterTable("audit_events").addColumn("channel", "text").execute();
  await db.schema
    .alterTable("audit_events")
    .addColumn("api_key_id", "integer", (c) => c.references("api_keys.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("audit_events_child").on("audit_events").columns(["child_id", "at"]).execute();
  await db.schema.createIndex("audit_events_report").on("audit_events").columns(["entity_type", "entity_id"]).execute();

  await db.schema.alterTable("review_tokens").addColumn("reviewer_name", "text").execute();
  await db.schema.alterTable("review_tokens").addColumn("purpose", "text").execute();

  await db.schema
    .createTable("security_events")
    .addColumn("id", "integer", (c) => idColumn(db, c))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // Who did it (a person, through a key perhaps), and whose account it concerns: kept as numbers, so that an
    // account removed later leaves its events readable.
    .addColumn("actor_user_id", "integer")
    .addColumn("subject_user_id", "integer")
    .addColumn("api_key_id", "integer")
    .addColumn("address", "text")
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("security_events_at").on("security_events").columns(["at", "id"]).execute();
  await db.schema
    .createIndex("security_events_subject")
    .on("security_events")
    .columns(["subject_user_id", "at"])
    .execute();
  await db.schema.createIndex("security_events_kind").on("security_events").columns(["kind", "at"]).execute();
  // The second factor's events, kept with the record of access until now, are security events.
  await sql`INSERT INTO security_events (at, kind, actor_user_id, subject_user_id)
    SELECT at, action, actor_user_id, entity_id FROM audit_events WHERE entity_type = 'user' ORDER BY id`.execute(db);
  await db.deleteFrom("audit_events").where("entity_type", "=", "user").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO audit_events (at, actor_user_id, action, entity_type, entity_id)
    SELECT at, actor_user_id, kind, 'user', subject_user_id FROM security_events
    WHERE kind IN ('secondFactorAdded', 'secondFactorRemoved', 'recoveryCodeUsed', 'secondFactorReset') ORDER BY id`.execute(
    db,
  );
  await db.schema.dropTable("security_events").ifExists().execute();
  await db.schema.alterTable("review_tokens").dropColumn("purpose").execute();
  await db.schema.alterTable("review_tokens").dropColumn("reviewer_name").execute();
  await db.schema.dropIndex("audit_events_report").ifExists().execute();
  await db.schema.dropIndex("audit_events_child").ifExists().execute();
  await db.schema.alterTable("audit_events").dropColumn("api_key_id").execute();
  await db.schema.alterTable("audit_events").dropColumn("channel").execute();
  await db.schema.alterTable("audit_events").dropColumn("child_id").execute();
}
