import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { ownerStrangerAdmin } from "~/test/people";
import { deleteAddress, getAddress, listAddressBook, saveAddress } from "./address.server";
import { InvalidChoiceError, NotFoundError } from "./errors";
import type { CurrentUser } from "./user.server";

let test: TestDatabase;
let owner: CurrentUser;
let stranger: CurrentUser;
let admin: CurrentUser;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ owner, stranger, admin } = await ownerStrangerAdmin(test.db));
});
afterAll(() => test.close());

const home = { line1: "100 Holliday St", city: "Baltimore", zip: "21202", county: "24510", nickname: "Home" };

describe("the address book's saving rules (R17)", () => {
  it("adds a new address, state MD", async () => {
    const { id, outcome } = await saveAddress(test.db, owner, owner.id, home, null);
    expect(outcome).toBe("added");
    expect(await getAddress(test.db, owner, owner.id, id)).toMatchObject({ ...home, state: "MD", address_book: 1 });
  });

  it("refuses a county that is not one of the 24 jurisdictions", async () => {
    await expect(saveAddress(test.db, owner, owner.id, { ...home, county: "51059" }, null)).rejects.toBeInstanceOf(
      InvalidChoiceError,
    );
  });

  it("updates in place when the place is unchanged (same id)", async () => {
    const { id } = await saveAddress(test.db, owner, owner.id, home, null);
    const saved = await saveAddress(test.db, owner, owner.id, { ...home, nickname: "Grandma's" }, id);
    expect(saved).toEqual({ id, outcome: "updated" });
    expect((await getAddress(test.db, owner, owner.id, id)).nickname).toBe("Grandma's");
  });

  it("removes the old and adds a new one when the place changed (new id, old gone)", async () => {
    const { id } = await saveAddress(test.db, owner, owner.id, home, null);
    const saved = await saveAddress(test.db, owner, owner.id, { ...home, line1: "200 Holliday St" }, id);
    expect(saved.outcome).toBe("replaced");
    expect(saved.id).not.toBe(id);
    await expect(getAddress(test.db, owner, owner.id, id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await test.db.selectFrom("addresses").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("keeps an old address a referral points at, out of the book", async () => {
    const { id } = await saveAddress(test.db, owner, owner.id, home, null);
    const child = await test.db
      .insertInto("children")
      .values({ first_name: "C", last_name: "D", birthdate: "2025-01-01", created_by_id: owner.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto("referrals")
      .values({ child_id: child.id, created_by_id: owner.id, address_id: id })
      .execute();
    await deleteAddress(test.db, owner, owner.id, id);
    expect(
      await test.db.selectFrom("addresses").select("address_book").where("id", "=", id).executeTakeFirst(),
    ).toEqual({ address_book: 0 });
    expect((await listAddressBook(test.db, owner, owner.id)).map((address) => address.id)).not.toContain(id);
  });
});

describe("who may see and change an address book", () => {
  it("refuses another user as if the address did not exist", async () => {
    const { id } = await saveAddress(test.db, owner, owner.id, home, null);
    await expect(listAddressBook(test.db, stranger, owner.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getAddress(test.db, stranger, owner.id, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getAddress(test.db, stranger, stranger.id, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveAddress(test.db, stranger, owner.id, home, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveAddress(test.db, stranger, stranger.id, home, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteAddress(test.db, stranger, owner.id, id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await getAddress(test.db, owner, owner.id, id)).line1).toBe(home.line1);
  });

  it("lets an administrator read a user's addresses, not change them", async () => {
    const { id } = await saveAddress(test.db, owner, owner.id, home, null);
    expect((await listAddressBook(test.db, admin, owner.id)).map((address) => address.id)).toContain(id);
    await expect(deleteAddress(test.db, admin, owner.id, id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
