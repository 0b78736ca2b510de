import { sql, type Kysely } from "kysely";

// A state agency's security review (issue 50, docs/product-rules.md R93, R95, R133):
// - a review link that ended because its maker's authority did (the referral moved program, the maker lost the role or
//   was deactivated) says why, where a revoked one says nothing;
// - a security event names the API key it is about apart from the key it was done with: one column held both, so a
//   key made on a page read as made "with" that key. The events about keys held their subject there, and move;
// - the record of access keeps the e-mail a viewer had when they looked, not whatever their account holds later.

const ABOUT_A_KEY = sql`kind IN ('apiKeyMade', 'apiKeyRevoked', 'apiKeyEnded')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("review_tokens").addColumn("ended_reason", "text").execute();
  await db.schema.alterTable("security_events").addColumn("subject_api_key_id", "integer").execute();
  await sql`UPDATE security_events SET subject_api_key_id = api_key_id, api_key_id = NULL WHERE ${ABOUT_A_KEY}`.execute(
    db,
  );
  await db.schema.alterTable("audit_events").addColumn("actor_email", "text").execute();
  await sql`UPDATE audit_events SET actor_email = (SELECT email FROM users WHERE users.id = audit_events.actor_user_id)
    WHERE actor_user_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_events").dropColumn("actor_email").execute();
  await sql`UPDATE security_events SET api_key_id = subject_api_key_id WHERE ${ABOUT_A_KEY}`.execute(db);
  await db.schema.alterTable("security_events").dropColumn("subject_api_key_id").execute();
  await db.schema.alterTable("review_tokens").dropColumn("ended_reason").execute();
}
