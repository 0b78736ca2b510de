import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import type { PhoneParts } from "~/utils/phone";

type Executor = Kysely<Database> | Transaction<Database>;

/** Stores a phone (area code, prefix, suffix) for its owner and returns its id, or null for none. */
export async function insertPhone(db: Executor, parts: PhoneParts | null, createdById: number | null): Promise<number | null> {
  if (!parts) return null;
  const row = await db
    .insertInto("phone_numbers")
    .values({ area_code: parts.areaCode, prefix: parts.prefix, suffix: parts.suffix, created_by_id: createdById })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
