import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import type { DB } from "~/db.server";
import { formatPhone, type PhoneParts } from "~/utils/phone";
import { ForbiddenError, NotFoundError } from "./errors";
import { mayEditPhone, mayViewPerson, mayViewPhone } from "./policy";
import { personFacts, type CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

type Executor = Kysely<Database> | Transaction<Database>;

/** Stores a phone (area code, prefix, suffix) for its owner and returns its id, or null for none. */
export const insertPhone = traced(
  "model.insertPhone",
  async function insertPhone(
    db: Executor,
    parts: PhoneParts | null,
    createdById: number | null,
  ): Promise<number | null> {
    if (!parts) return null;
    const row = await db
      .insertInto("phone_numbers")
      .values({ area_code: parts.areaCode, prefix: parts.prefix, suffix: parts.suffix, created_by_id: createdById })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },
);

/** A stored phone as people read it (3-3-4 with dashes), or "" for none. */
export const phoneText = traced(
  "model.phoneText",
  async function phoneText(db: Executor, id: number | null): Promise<string> {
    if (!id) return "";
    const row = await db
      .selectFrom("phone_numbers")
      .select(["area_code", "prefix", "suffix"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? formatPhone({ areaCode: row.area_code, prefix: row.prefix, suffix: row.suffix }) : "";
  },
);

// The API's phone numbers (R74, R105). One held by a submitted referral cannot change: what was sent stays.

export interface PhoneRow {
  id: number;
  areaCode: string;
  prefix: string;
  suffix: string;
  createdById: number | null;
  createdAt: string;
}

const PHONE_ROW = [
  "id",
  "area_code as areaCode",
  "prefix",
  "suffix",
  "created_by_id as createdById",
  "created_at as createdAt",
] as const;

/** Whether the asker may read this person's numbers (R105): their own, or as an administrator who may view them. */
async function mayReadPhonesOf(db: DB, actor: CurrentUser, ownerId: number | null): Promise<boolean> {
  if (ownerId === actor.id) return true;
  const owner = ownerId === null ? null : await personFacts(db, ownerId);
  return owner === null ? actor.isAdmin : mayViewPerson(actor, owner);
}

/** The caller's numbers, or for an administrator everyone's or one person's (super administrators' for peers only). */
export const listPhones = traced(
  "model.listPhones",
  async function listPhones(
    db: DB,
    actor: CurrentUser,
    { page, count, ownerId }: { page: number; count: number; ownerId?: number },
  ) {
    if (ownerId !== undefined && !(await mayReadPhonesOf(db, actor, ownerId))) throw new NotFoundError("phone numbers");
    const owner = actor.isAdmin ? ownerId : actor.id;
    let rows = db.selectFrom("phone_numbers");
    if (owner !== undefined) rows = rows.where("created_by_id", "=", owner);
    else if (!actor.isSuperAdmin) {
      rows = rows.where((eb) =>
        eb.or([
          eb("created_by_id", "is", null),
          eb(
            "created_by_id",
            "not in",
            eb.selectFrom("user_roles").select("user_id").where("role", "=", "ROLE_SUPER_ADMIN"),
          ),
        ]),
      );
    }
    const total = await rows.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const data = await rows
      .select(PHONE_ROW)
      .orderBy("id")
      .limit(count)
      .offset((page - 1) * count)
      .execute();
    return { data: data as PhoneRow[], total: Number(total.n) };
  },
);

export const getPhone = traced(
  "model.getPhone",
  async function getPhone(db: DB, actor: CurrentUser, id: number): Promise<PhoneRow> {
    const row = (await db.selectFrom("phone_numbers").select(PHONE_ROW).where("id", "=", id).executeTakeFirst()) as
      | PhoneRow
      | undefined;
    if (!row || !mayViewPhone(actor, row) || !(await mayReadPhonesOf(db, actor, row.createdById)))
      throw new NotFoundError("phone number");
    return row;
  },
);

export const createPhone = traced(
  "model.createPhone",
  async function createPhone(db: DB, actor: CurrentUser, parts: PhoneParts): Promise<number> {
    return (await insertPhone(db, parts, actor.id))!;
  },
);

/** The owner's number, not held by a submitted referral; administrators change no one's numbers. */
async function ownChangeablePhone(db: DB, actor: CurrentUser, id: number) {
  const row = await getPhone(db, actor, id);
  if (!mayEditPhone(actor, row)) throw new ForbiddenError("only its owner changes a phone number");
  const sent = await db
    .selectFrom("referrals as r")
    .select("r.id")
    .where("r.status", "<>", "Draft")
    .where((eb) =>
      eb.or([
        eb("r.referrer_phone_id", "=", id),
        eb(
          "r.id",
          "in",
          eb
            .selectFrom("adults")
            .select("referral_id")
            .where((inner) =>
              inner.or([
                inner("home_phone_id", "=", id),
                inner("work_phone_id", "=", id),
                inner("mobile_phone_id", "=", id),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
  if (sent) throw new ForbiddenError("a submitted referral holds this number");
  return row;
}

export const updatePhone = traced(
  "model.updatePhone",
  async function updatePhone(db: DB, actor: CurrentUser, id: number, parts: PhoneParts): Promise<void> {
    await ownChangeablePhone(db, actor, id);
    await db
      .updateTable("phone_numbers")
      .set({ area_code: parts.areaCode, prefix: parts.prefix, suffix: parts.suffix })
      .where("id", "=", id)
      .execute();
  },
);

/** Deletes the number; whatever pointed at it (a profile, a guardian, a Draft) then has none. */
export const deletePhone = traced(
  "model.deletePhone",
  async function deletePhone(db: DB, actor: CurrentUser, id: number): Promise<void> {
    await ownChangeablePhone(db, actor, id);
    await db.deleteFrom("phone_numbers").where("id", "=", id).execute();
  },
);
