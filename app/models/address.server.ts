import type { Address } from "../../db/schema";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import { InvalidChoiceError, NotFoundError } from "./errors";
import { unknownLookupCodes } from "./lookup.server";
import { mayEditProfile, mayViewPerson } from "./policy";
import { personFacts, type CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

export type { Address };

export interface AddressInput {
  line1: string;
  line2?: string | null;
  city: string;
  zip: string;
  nickname?: string | null;
  county: string;
}

/** The fields that make an address where it is; a nickname is only a name for it. */
const PLACE_FIELDS = ["line1", "line2", "city", "zip", "county"] as const;

/** Whether the asker may read this person's addresses (R12): their own, an administrator's view of an account it may view. */
async function mayReadAddressesOf(db: DB, actor: CurrentUser, ownerId: number | null): Promise<boolean> {
  if (ownerId === actor.id) return true;
  const owner = ownerId === null ? null : await personFacts(db, ownerId);
  return owner !== null && mayViewPerson(actor, owner);
}

/** A person's address book: their own, or a user's for an administrator who may view their account (R12, R92). */
export const listAddressBook = traced("model.listAddressBook", async function listAddressBook(db: DB, actor: CurrentUser, ownerId: number): Promise<Address[]> {
  if (!(await mayReadAddressesOf(db, actor, ownerId))) throw new NotFoundError("address book");
  return db.selectFrom("addresses").selectAll().where("created_by_id", "=", ownerId).where("address_book", "=", 1).orderBy("nickname").orderBy("id").execute();
});

export const getAddress = traced("model.getAddress", async function getAddress(db: DB, actor: CurrentUser, ownerId: number, id: number): Promise<Address> {
  if (!(await mayReadAddressesOf(db, actor, ownerId))) throw new NotFoundError("address");
  const address = await db
    .selectFrom("addresses")
    .selectAll()
    .where("id", "=", id)
    .where("created_by_id", "=", ownerId)
    .where("address_book", "=", 1)
    .executeTakeFirst();
  if (!address) throw new NotFoundError("address");
  return address;
});

/**
 * An address by its id alone, in the book or outside it (the one a referral was sent with): its creator's, or one an
 * administrator may view (R12, R92).
 */
export const getAddressById = traced("model.getAddressById", async function getAddressById(db: DB, actor: CurrentUser, id: number): Promise<Address> {
  const address = await db.selectFrom("addresses").selectAll().where("id", "=", id).executeTakeFirst();
  if (!address || !(await mayReadAddressesOf(db, actor, address.created_by_id))) throw new NotFoundError("address");
  return address;
});

/** An address no submitted referral may lose or see changed: a referral past Draft was sent with it. */
export class AddressInUseError extends Error {
  name = "AddressInUseError";
}

async function sentWith(trx: DB, id: number): Promise<boolean> {
  return Boolean(await trx.selectFrom("referrals").select("id").where("address_id", "=", id).where("status", "<>", "Draft").executeTakeFirst());
}

/**
 * Changes one of the asker's own addresses by its id (the JSON API's PUT): one of the book as the page saves it (R17);
 * one outside it in place, unless a submitted referral was sent with it (AddressInUseError).
 */
export const updateAddressById = traced(
  "model.updateAddressById",
  async function updateAddressById(db: DB, actor: CurrentUser, id: number, input: AddressInput): Promise<Address> {
    const address = await getAddressById(db, actor, id);
    if (!mayEditProfile(actor, address.created_by_id ?? -1)) throw new NotFoundError("address");
    if (address.address_book) return getAddressById(db, actor, (await saveAddress(db, actor, actor.id, input, id)).id);
    await checkCounty(db, input);
    await writeTransaction(db, async (trx) => {
      // R135: the address, so a submit sent with it (which shares it) comes wholly before or after.
      await holdRows(trx, "addresses", "id", [id]);
      if (await sentWith(trx, id)) throw new AddressInUseError("a submitted referral was sent with this address");
      await trx
        .updateTable("addresses")
        .set({ ...clean(input), updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
    });
    return getAddressById(db, actor, id);
  },
);

function clean(input: AddressInput) {
  return {
    line1: input.line1.trim(),
    line2: input.line2?.trim() || null,
    city: input.city.trim(),
    zip: input.zip.trim(),
    nickname: input.nickname?.trim() || null,
    county: input.county,
    state: "MD",
  };
}

/** Takes an address out of the book: deleted, unless a referral points at it, which keeps it. */
async function retire(trx: DB, id: number) {
  const used = await trx.selectFrom("referrals").select("id").where("address_id", "=", id).executeTakeFirst();
  if (used) await trx.updateTable("addresses").set({ address_book: 0 }).where("id", "=", id).execute();
  else await trx.deleteFrom("addresses").where("id", "=", id).execute();
}

/**
 * Stores an address of the person's own outside the book: the one a referral was sent with
 * (the wizard's address step). The county must be one of the 24.
 */
export const addReferralAddress = traced(
  "model.addReferralAddress",
  async function addReferralAddress(db: DB, actor: CurrentUser, input: AddressInput): Promise<number> {
    await checkCounty(db, input);
    const now = new Date().toISOString();
    const row = await db
      .insertInto("addresses")
      .values({ ...clean(input), address_book: 0, created_by_id: actor.id, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },
);

/**
 * A new address of the asker's (the JSON API's POST /api/addresses): in their book (docs/product-rules.md R17), or,
 * with inBook false, outside it, as the wizard's address step keeps the address a referral is sent with.
 */
export const createAddress = traced(
  "model.createAddress",
  async function createAddress(db: DB, actor: CurrentUser, input: AddressInput, inBook: boolean): Promise<Address> {
    if (inBook) return getAddressById(db, actor, (await saveAddress(db, actor, actor.id, input, null)).id);
    return getAddressById(db, actor, await addReferralAddress(db, actor, input));
  },
);

async function checkCounty(db: DB, input: AddressInput) {
  const choices = await unknownLookupCodes(db, [{ field: "county", type: "Counties", code: input.county }]);
  if (Object.keys(choices).length) throw new InvalidChoiceError(choices);
}

export type SaveOutcome = "added" | "updated" | "replaced";

/**
 * Saves an address in the owner's book (docs/product-rules.md R17): a new one is added; an edit that leaves the
 * place unchanged updates in place; an edit that moves it removes the old and adds a new one.
 * Only the owner changes their book; a county not in the list gives InvalidChoiceError.
 */
export const saveAddress = traced(
  "model.saveAddress",
  async function saveAddress(
    db: DB,
    actor: CurrentUser,
    ownerId: number,
    input: AddressInput,
    existingId: number | null,
  ): Promise<{ id: number; outcome: SaveOutcome }> {
    if (!mayEditProfile(actor, ownerId)) throw new NotFoundError("address book");
    await checkCounty(db, input);
    const values = clean(input);
    return writeTransaction(db, async (trx) => {
      // R135: the address replaced may be deleted (retire), so it is held as for a delete: a referral pointed at it meanwhile waits.
      await holdRows(trx, "addresses", "id", [existingId], "delete");
      const now = new Date().toISOString();
      if (existingId !== null) {
        const existing = await getAddress(trx, actor, ownerId, existingId);
        const unchanged = PLACE_FIELDS.every((field) => (existing[field] ?? null) === (values[field] ?? null));
        if (unchanged) {
          await trx.updateTable("addresses").set({ nickname: values.nickname, updated_at: now }).where("id", "=", existingId).execute();
          return { id: existingId, outcome: "updated" as const };
        }
        await retire(trx, existingId);
      }
      const row = await trx
        .insertInto("addresses")
        .values({ ...values, address_book: 1, created_by_id: ownerId, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id, outcome: existingId === null ? ("added" as const) : ("replaced" as const) };
    });
  },
);

/**
 * Removes one of the owner's addresses: one of the book leaves it (R17); one outside it is deleted, unless a referral
 * was sent with it (AddressInUseError: the referral keeps it).
 */
export const deleteAddress = traced(
  "model.deleteAddress",
  async function deleteAddress(db: DB, actor: CurrentUser, ownerId: number, id: number): Promise<void> {
    if (!mayEditProfile(actor, ownerId)) throw new NotFoundError("address");
    await writeTransaction(db, async (trx) => {
      // R135: held as for a delete, so a referral pointed at it meanwhile waits and is then seen.
      await holdRows(trx, "addresses", "id", [id], "delete");
      const address = await trx
        .selectFrom("addresses")
        .select(["id", "address_book"])
        .where("id", "=", id)
        .where("created_by_id", "=", ownerId)
        .executeTakeFirst();
      if (!address) throw new NotFoundError("address");
      if (address.address_book) return retire(trx, id);
      if (await trx.selectFrom("referrals").select("id").where("address_id", "=", id).executeTakeFirst()) {
        throw new AddressInUseError("a referral was sent with this address");
      }
      await trx.deleteFrom("addresses").where("id", "=", id).execute();
    });
  },
);
