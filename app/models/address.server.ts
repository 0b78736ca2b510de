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

/** Whether the asker may read this person's addresses (R12): their own, or as an administrator who may view them. */
async function mayReadAddressesOf(db: DB, actor: CurrentUser, ownerId: number | null): Promise<boolean> {
  if (ownerId === actor.id) return true;
  const owner = ownerId === null ? null : await personFacts(db, ownerId);
  return owner !== null && mayViewPerson(actor, owner);
}

/** A person's address book: their own, or a user's for an administrator who may view their account (R12, R92). */
export const listAddressBook = traced(
  "model.listAddressBook",
  async function listAddressBook(db: DB, actor: CurrentUser, ownerId: number): Promise<Address[]> {
    if (!(await mayReadAddressesOf(db, actor, ownerId))) throw new NotFoundError("address book");
    return db
      .selectFrom("addresses")
      .selectAll()
      .where("created_by_id", "=", ownerId)
      .where("address_book", "=", 1)
      .orderBy("nickname")
      .orderBy("id")
      .execute();
  },
);

/** The address book as the profile pages' table shows it: only its columns go to the browser. */
export const addressBookRows = traced(
  "model.addressBookRows",
  async function addressBookRows(db: DB, actor: CurrentUser, ownerId: number) {
    const book = await listAddressBook(db, actor, ownerId);
    return book.map(({ id, nickname, line1, line2, city, zip, county }) => ({
      id,
      nickname,
      line1,
      line2,
      city,
      zip,
      county,
    }));
  },
);

export const getAddress = traced(
  "model.getAddress",
  async function getAddress(db: DB, actor: CurrentUser, ownerId: number, id: number): Promise<Address> {
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
  },
);

/** An address by id, in the book or not: its creator's, or one an administrator may view (R12, R92). */
export const getAddressById = traced(
  "model.getAddressById",
  async function getAddressById(db: DB, actor: CurrentUser, id: number): Promise<Address> {
    const address = await db.selectFrom("addresses").selectAll().where("id", "=", id).executeTakeFirst();
    if (!address || !(await mayReadAddressesOf(db, actor, address.created_by_id))) throw new NotFoundError("address");
    return address;
  },
);

/** An address no submitted referral may lose or see changed: a referral past Draft was sent with it. */
export class AddressInUseError extends Error {
  name = "AddressInUseError";
}

async function sentWith(trx: DB, id: number): Promise<boolean> {
  return Boolean(
    await trx
      .selectFrom("referrals")
      .select("id")
      .where("address_id", "=", id)
      .where("status", "<>", "Draft")
      .executeTakeFirst(),
  );
}

/** The API's PUT: a book address as the page saves it (R17); others in place unless a submitted referral uses it. */
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

/** An address outside the book, for a referral (the wizard's address step). */
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

/** The API's POST: in the book (R17), or with inBook false outside it, as the wizard keeps a referral's address. */
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

/** Saves a book address (R17): an edit that moves the place removes the old one and adds a new one. Owner only. */
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
      // R135: the replaced address may be deleted, so hold it as for a delete; a referral pointing at it waits.
      await holdRows(trx, "addresses", "id", [existingId], "delete");
      const now = new Date().toISOString();
      if (existingId !== null) {
        const existing = await getAddress(trx, actor, ownerId, existingId);
        const unchanged = PLACE_FIELDS.every((field) => (existing[field] ?? null) === (values[field] ?? null));
        if (unchanged) {
          await trx
            .updateTable("addresses")
            .set({ nickname: values.nickname, updated_at: now })
            .where("id", "=", existingId)
            .execute();
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

/** One of the book leaves it (R17); one outside it is deleted unless a referral uses it (AddressInUseError). */
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
