import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { addPerson } from "~/test/people";
import { createChildWithReferral } from "./child.server";
import { possiblySameChildAs } from "./same-child.server";
import type { CurrentUser } from "./user.server";

// Children referred twice (docs/product-rules.md R126), against a real database: what an administrator learns,
// and that a referrer learns nothing of another referrer's referral.

let test: TestDatabase;
let hospital: CurrentUser;
let pediatrician: CurrentUser;
let admin: CurrentUser;

interface Referred {
  firstName: string;
  lastName?: string;
  birthdate?: string;
  county?: string | null;
  submitted?: string | null;
  by?: CurrentUser;
}

/** A referral of a child as its referrer left it: submitted on the day given (none: a Draft), with an address in the county. */
async function refer({
  firstName,
  lastName = "Pérez",
  birthdate = "2026-03-14",
  county = "Garrett",
  submitted = "2026-04-02T15:00:00.000Z",
  by = hospital,
}: Referred) {
  const { referral } = await createChildWithReferral(test.db, by, { id: null, firstName, lastName, birthdate, stateOfResidence: "21" }, "2026-04-01");
  const address = await test.db
    .insertInto("addresses")
    .values({ line1: "1 Main St", city: "Oakland", zip: "21550", county, created_by_id: by.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  await test.db
    .updateTable("referrals")
    .set({ address_id: address.id, ...(submitted ? { status: "Submitted" as const, submission_date: submitted, status_updated_at: submitted } : {}) })
    .where("id", "=", referral)
    .execute();
  return referral;
}

beforeAll(async () => {
  test = await createTestDatabase();
  hospital = await addPerson(test.db, "nurse@hospital.example");
  pediatrician = await addPerson(test.db, "office@pediatrics.example");
  admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
});
afterAll(() => test.close());

describe("possiblySameChildAs", () => {
  it("tells an administrator of the other referrals of a close name, the same birth date and county, within twelve months", async () => {
    const first = await refer({ firstName: "Lucía" });
    const again = await refer({ firstName: "LUCIA", lastName: "Peres", submitted: "2026-09-20T14:00:00.000Z", by: pediatrician });
    const late = await refer({ firstName: "Lucia", submitted: "2027-04-03T15:00:00.000Z", by: pediatrician });
    await refer({ firstName: "Lucía", county: "Allegany", by: pediatrician });
    await refer({ firstName: "Lucía", birthdate: "2026-03-15", by: pediatrician });
    await refer({ firstName: "Lucas", lastName: "Peres", by: pediatrician });
    await refer({ firstName: "Lucía", submitted: null, by: pediatrician });

    expect(await possiblySameChildAs(test.db, admin, first)).toEqual([{ id: again }]);
    expect(await possiblySameChildAs(test.db, admin, again)).toEqual([{ id: first }, { id: late }]);
    expect(await possiblySameChildAs(test.db, admin, late)).toEqual([{ id: again }]);
  });

  it("tells a referrer nothing, not even of their own referral's match", async () => {
    const mine = await refer({ firstName: "Dario", lastName: "Núñez" });
    const theirs = await refer({ firstName: "Darío", lastName: "Nunez", by: pediatrician });
    expect(await possiblySameChildAs(test.db, admin, mine)).toEqual([{ id: theirs }]);
    expect(await possiblySameChildAs(test.db, hospital, mine)).toEqual([]);
    expect(await possiblySameChildAs(test.db, pediatrician, mine)).toEqual([]);
    expect(await possiblySameChildAs(test.db, pediatrician, theirs)).toEqual([]);
  });

  it("has nothing to say of a Draft, a referral without a county, or one that does not exist", async () => {
    const draft = await refer({ firstName: "Ema", submitted: null });
    await refer({ firstName: "Ema", by: pediatrician });
    const nowhere = await refer({ firstName: "Ema", county: null });
    expect(await possiblySameChildAs(test.db, admin, draft)).toEqual([]);
    expect(await possiblySameChildAs(test.db, admin, nowhere)).toEqual([]);
    expect(await possiblySameChildAs(test.db, admin, 999_999)).toEqual([]);
  });
});
