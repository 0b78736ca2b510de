import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { addPerson } from "~/test/people";
import { createChildWithReferral } from "./child.server";
import { parseListQuery } from "~/utils/list";
import { ForbiddenError, NotFoundError } from "./errors";
import { listReferrals, referralListSpec } from "./referral-list.server";
import { decideNotSameChild, noteSameChildOnSubmit, possiblySameChildAs } from "./same-child.server";
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

/**
 * A referral of a child as its referrer left it: submitted on the day given (none: a Draft), with an address in the
 * county.
 */
async function refer({
  firstName,
  lastName = "Pérez",
  birthdate = "2026-03-14",
  county = "Garrett",
  submitted = "2026-04-02T15:00:00.000Z",
  by = hospital,
}: Referred) {
  const { referral } = await createChildWithReferral(
    test.db,
    by,
    { id: null, firstName, lastName, birthdate, stateOfResidence: "21" },
    "2026-04-01",
  );
  const address = await test.db
    .insertInto("addresses")
    .values({ line1: "1 Main St", city: "Oakland", zip: "21550", county, created_by_id: by.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  await test.db
    .updateTable("referrals")
    .set({
      address_id: address.id,
      ...(submitted ? { status: "Submitted" as const, submission_date: submitted, status_updated_at: submitted } : {}),
    })
    .where("id", "=", referral)
    .execute();
  // What submitReferral does once the referral is submitted.
  if (submitted) await noteSameChildOnSubmit(test.db, referral);
  return referral;
}

/** The ids of what possiblySameChildAs tells `actor`, as [{ id }]. */
const idsOf = async (...[db, actor, referralId]: Parameters<typeof possiblySameChildAs>) =>
  (await possiblySameChildAs(db, actor, referralId)).map(({ id }) => ({ id }));

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
    const again = await refer({
      firstName: "LUCIA",
      lastName: "Peres",
      submitted: "2026-09-20T14:00:00.000Z",
      by: pediatrician,
    });
    const late = await refer({ firstName: "Lucia", submitted: "2027-04-03T15:00:00.000Z", by: pediatrician });
    await refer({ firstName: "Lucía", county: "Allegany", by: pediatrician });
    await refer({ firstName: "Lucía", birthdate: "2026-03-15", by: pediatrician });
    await refer({ firstName: "Lucas", lastName: "Peres", by: pediatrician });
    await refer({ firstName: "Lucía", submitted: null, by: pediatrician });

    expect(await idsOf(test.db, admin, first)).toEqual([{ id: again }]);
    expect(await idsOf(test.db, admin, again)).toEqual([{ id: first }, { id: late }]);
    expect(await idsOf(test.db, admin, late)).toEqual([{ id: again }]);
  });

  it("tells a referrer nothing, not even of their own referral's match", async () => {
    const mine = await refer({ firstName: "Dario", lastName: "Núñez" });
    const theirs = await refer({ firstName: "Darío", lastName: "Nunez", by: pediatrician });
    expect(await idsOf(test.db, admin, mine)).toEqual([{ id: theirs }]);
    expect(await idsOf(test.db, hospital, mine)).toEqual([]);
    expect(await idsOf(test.db, pediatrician, mine)).toEqual([]);
    expect(await idsOf(test.db, pediatrician, theirs)).toEqual([]);
  });

  it("has nothing to say of a Draft, a referral without a county, or one that does not exist", async () => {
    const draft = await refer({ firstName: "Ema", submitted: null });
    await refer({ firstName: "Ema", by: pediatrician });
    const nowhere = await refer({ firstName: "Ema", county: null });
    expect(await idsOf(test.db, admin, draft)).toEqual([]);
    expect(await idsOf(test.db, admin, nowhere)).toEqual([]);
    expect(await idsOf(test.db, admin, 999_999)).toEqual([]);
  });

  it("is found once however often the same referral is looked at again", async () => {
    const one = await refer({ firstName: "Inés", lastName: "Ruiz" });
    const two = await refer({ firstName: "Ines", lastName: "Ruiz", by: pediatrician });
    await noteSameChildOnSubmit(test.db, two);
    expect(await idsOf(test.db, admin, one)).toEqual([{ id: two }]);
  });
});

describe("decideNotSameChild", () => {
  it("silences the pair on both referrals, keeping who decided and when, and leaves the referrals' other pairs", async () => {
    const first = await refer({ firstName: "Noa", lastName: "Brown" });
    const second = await refer({ firstName: "Noah", lastName: "Brown", by: pediatrician });
    const third = await refer({ firstName: "Noa", lastName: "Browne", by: pediatrician });
    expect(await idsOf(test.db, admin, first)).toEqual([{ id: second }, { id: third }]);

    await decideNotSameChild(test.db, admin, second, first);
    expect(await idsOf(test.db, admin, first)).toEqual([{ id: third }]);
    // "Noah Brown" and "Noa Browne" are two edits apart: the second referral had only the first.
    expect(await idsOf(test.db, admin, second)).toEqual([]);
    const kept = await test.db
      .selectFrom("same_child_pairs")
      .selectAll()
      .where("referral_id", "in", [first, second])
      .where("not_same_at", "is not", null)
      .execute();
    expect(kept.map((row) => [row.referral_id, row.other_referral_id, row.not_same_by_id])).toEqual(
      expect.arrayContaining([
        [first, second, admin.id],
        [second, first, admin.id],
      ]),
    );
    expect(kept).toHaveLength(2);
    // Deciding again changes nothing.
    await decideNotSameChild(test.db, admin, first, second);
    expect(await idsOf(test.db, admin, first)).toEqual([{ id: third }]);
  });

  it("is refused to a referrer, even for their own referral, and for a pair never found", async () => {
    const mine = await refer({ firstName: "Zoe", lastName: "Park" });
    const theirs = await refer({ firstName: "Zoë", lastName: "Park", by: pediatrician });
    const unrelated = await refer({ firstName: "Yusuf", lastName: "Park", by: pediatrician });
    await expect(decideNotSameChild(test.db, hospital, mine, theirs)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(decideNotSameChild(test.db, admin, mine, unrelated)).rejects.toBeInstanceOf(NotFoundError);
    expect(await idsOf(test.db, admin, mine)).toEqual([{ id: theirs }]);
  });
});

describe("the submitted list narrowed to children possibly referred twice", () => {
  const narrowed = async (actor: CurrentUser) => {
    const query = {
      ...parseListQuery(new URLSearchParams("sameChild=yes"), referralListSpec("submitted"), "en"),
      count: 50,
    };
    return (await listReferrals(test.db, actor, "submitted", query)).data.map(({ id }) => id);
  };

  it("holds, for an administrator, the referrals with a pair not yet decided; a referrer's list is not narrowed", async () => {
    const pairs = await test.db
      .selectFrom("same_child_pairs")
      .select("referral_id")
      .where("not_same_at", "is", null)
      .execute();
    const expected = [...new Set(pairs.map(({ referral_id }) => referral_id))].sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    expect((await narrowed(admin)).sort((a, b) => a - b)).toEqual(expected);
    const own = await test.db
      .selectFrom("referrals")
      .select("id")
      .where("created_by_id", "=", hospital.id)
      .where("status", "!=", "Draft")
      .execute();
    expect((await narrowed(hospital)).sort((a, b) => a - b)).toEqual(own.map(({ id }) => id).sort((a, b) => a - b));
  });
});
