import { sql } from "kysely";
import type { DB } from "~/db.server";

/** Asks the database the smallest question there is (for /healthz); throws when it does not answer. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
