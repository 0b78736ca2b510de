import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { formatPhone, type PhoneParts } from "~/utils/phone";

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

/** A stored phone as people read it (3-3-4 with dashes), or "" for none. */
export async function phoneText(db: Executor, id: number | null): Promise<string> {
  if (!id) return "";
  const row = await db.selectFrom("phone_numbers").select(["area_code", "prefix", "suffix"]).where("id", "=", id).executeTakeFirst();
  return row ? formatPhone({ areaCode: row.area_code, prefix: row.prefix, suffix: row.suffix }) : "";
}
