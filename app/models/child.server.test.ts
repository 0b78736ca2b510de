import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, refuseWrites, type TestDatabase } from "../../db/testing";
import { addPerson, ownerStrangerAdmin } from "~/test/people";
import type { ChildName } from "~/schemas/child";
import { parseListQuery } from "~/utils/list";
import {
  ChildHasSubmittedReferralError,
  ChildTooOldError,
  createChild,
  createChildWithReferral,
  deleteChild,
  getChild,
  getChildName,
  startReferral,
  updateChild,
} from "./child.server";
import { allChildren, CHILD_LIST, listChildren } from "./child-list.server";
import { ForbiddenError, NotFoundError, type InputError } from "./errors";
import { copyReferral, submitReferral } from "./referral-lifecycle.server";
import type { CurrentUser } from "./user.server";

let test: TestDatabase;
let owner: CurrentUser;
let stranger: CurrentUser;
let admin: CurrentUser;
const TODAY = "2026-11-21";

const child = (values: Partial<ChildName> = {}): ChildName => ({
  id: null,
  firstName: "Lucía",
  lastName: "Pérez",
  birthdate: "2025-06-01",
  stateOfResidence: "21",
  ...values,
});
const query = (text = "") => parseListQuery(new URLSearchParams(text), CHILD_LIST, "en");

beforeAll(async () => {
  test = await createTestDatabase();
  ({ owner, stranger, admin } = await ownerStrangerAdmin(test.db));
});
afterAll(() => test.close());

describe("who sees and changes a child", () => {
  it("shows a child to its creator and to administrators, and no one else", async () => {
    const { id } = await createChild(test.db, owner, child(), TODAY);
    expect((await getChild(test.db, owner, id)).firstName).toBe("Lucía");
    expect((await getChild(test.db, admin, id)).firstName).toBe("Lucía");
    await expect(getChild(test.db, stranger, id)).rejects.toBeInstanceOf(NotFoundError);
    const named = await createChild(test.db, owner, child({ middleName: "Ana" }), TODAY);
    expect(await getChildName(test.db, owner, named.id)).toBe("Lucía Ana Pérez");
    expect(await getChildName(test.db, admin, id)).toBe("Lucía Pérez");
    await expect(getChildName(test.db, stranger, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getChildName(test.db, owner, 999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateChild(test.db, stranger, id, child({ firstName: "X" }), TODAY)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(deleteChild(test.db, stranger, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(startReferral(test.db, stranger, id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lets administrators see but not add, change or delete children", async () => {
    const { id } = await createChild(test.db, owner, child(), TODAY);
    await expect(createChild(test.db, admin, child(), TODAY)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateChild(test.db, admin, id, child(), TODAY)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deleteChild(test.db, admin, id)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("keeps a prefix given through the API when the name page, which no longer asks it, saves the child", async () => {
    const { id } = await createChild(test.db, owner, child({ prefix: "1" }), TODAY);
    await updateChild(test.db, owner, id, child({ firstName: "Lucía María" }), TODAY);
    expect(await getChild(test.db, owner, id)).toMatchObject({ firstName: "Lucía María", prefix: "1" });
    await updateChild(test.db, owner, id, child({ prefix: "" }), TODAY);
    expect((await getChild(test.db, owner, id)).prefix).toBeNull();
  });

  it("refuses, whatever the form said, a child of 36 months, one not born, and one outside Maryland", async () => {
    const refused = async (values: Partial<ChildName>) =>
      createChild(test.db, owner, child(values), TODAY).then(
        () => null,
        (error: InputError) => error.fieldErrors,
      );
    expect(await refused({ birthdate: "2023-11-21" })).toEqual({ birthdate: ["validation.ageOf"] });
    expect(await refused({ birthdate: "2026-11-22" })).toEqual({ birthdate: ["validation.mustBeBorn"] });
    expect(await refused({ stateOfResidence: "51" })).toEqual({ stateOfResidence: ["validation.stateNotMaryland"] });
    expect(await refused({ birthdate: "2023-11-22" })).toBeNull();
  });

  it("lets a child's name and birth date be corrected once three, never to a day not yet come (R37)", async () => {
    // Born 2023-12-01: under 36 months when added, three on 2026-12-01.
    const { id } = await createChild(test.db, owner, child({ birthdate: "2023-12-01" }), TODAY);
    const later = "2027-01-15";
    await updateChild(test.db, owner, id, child({ firstName: "Lucia", birthdate: "2023-12-01" }), later);
    await updateChild(test.db, owner, id, child({ firstName: "Lucía", birthdate: "2023-11-02" }), later);
    expect(await getChild(test.db, owner, id)).toMatchObject({ firstName: "Lucía", birthdate: "2023-11-02" });
    await expect(updateChild(test.db, owner, id, child({ birthdate: "2027-01-16" }), later)).rejects.toHaveProperty(
      "fieldErrors",
      {
        birthdate: ["validation.mustBeBorn"],
      },
    );
  });

  it("starts no referral, and copies and sends none, for a child of 36 months or more (R37)", async () => {
    const { id } = await createChild(test.db, owner, child({ birthdate: "2023-12-01" }), TODAY);
    const draft = await startReferral(test.db, owner, id, TODAY);
    const tooOld = { fieldErrors: { child: ["validation.ageOf"] } };
    await expect(startReferral(test.db, owner, id, "2026-12-01")).rejects.toMatchObject(tooOld);
    await expect(startReferral(test.db, owner, id, "2026-12-01")).rejects.toBeInstanceOf(ChildTooOldError);
    await expect(copyReferral(test.db, owner, draft.id, "2026-12-01")).rejects.toBeInstanceOf(ChildTooOldError);
    await expect(submitReferral(test.db, owner, draft.id, "2026-12-01")).rejects.toBeInstanceOf(ChildTooOldError);
    expect((await getChild(test.db, owner, id)).referrals.map((referral) => [referral.id, referral.status])).toEqual([
      [draft.id, "Draft"],
    ]);
    // The day before, the copy is made.
    expect((await copyReferral(test.db, owner, draft.id, "2026-11-30")).childId).toBe(id);
  });

  it("deletes a child with draft referrals only, never one with a submitted referral", async () => {
    const draftOnly = await createChild(test.db, owner, child(), TODAY);
    await startReferral(test.db, owner, draftOnly.id);
    await deleteChild(test.db, owner, draftOnly.id);
    await expect(getChild(test.db, owner, draftOnly.id)).rejects.toBeInstanceOf(NotFoundError);

    const submitted = await createChild(test.db, owner, child(), TODAY);
    const referral = await startReferral(test.db, owner, submitted.id);
    await test.db.updateTable("referrals").set({ status: "Submitted" }).where("id", "=", referral.id).execute();
    await expect(deleteChild(test.db, owner, submitted.id)).rejects.toBeInstanceOf(ChildHasSubmittedReferralError);
    expect((await getChild(test.db, owner, submitted.id)).referrals).toHaveLength(1);
  });
});

describe("refer a child", () => {
  it("adds the child with its first Draft, and neither when the child is refused", async () => {
    const referrer = await addPerson(test.db, "refers@example.com");
    const ids = await createChildWithReferral(test.db, referrer, child({ firstName: "Nueva" }), TODAY);
    const added = await getChild(test.db, referrer, ids.child);
    expect(added.firstName).toBe("Nueva");
    expect(added.referrals.map(({ id, status }) => ({ id, status }))).toEqual([{ id: ids.referral, status: "Draft" }]);

    await expect(
      createChildWithReferral(test.db, referrer, child({ stateOfResidence: "51" }), TODAY),
    ).rejects.toHaveProperty("fieldErrors");
    await expect(createChildWithReferral(test.db, admin, child(), TODAY)).rejects.toBeInstanceOf(ForbiddenError);
    // A referral that cannot be written takes the child back with it.
    const allow = await refuseWrites(test.db, "referrals", "insert");
    try {
      await expect(createChildWithReferral(test.db, referrer, child({ firstName: "Huérfana" }), TODAY)).rejects.toThrow(
        "refused for the test",
      );
    } finally {
      await allow();
    }
    const mine = await test.db.selectFrom("children").select("id").where("created_by_id", "=", referrer.id).execute();
    expect(mine).toEqual([{ id: ids.child }]);
  });
});

describe("the children list", () => {
  let lister: CurrentUser;
  beforeAll(async () => {
    lister = await addPerson(test.db, "lister@example.com");
    for (const [firstName, lastName, birthdate] of [
      ["Ana", "Zeta", "2024-01-10"],
      ["Beto", "Alfa", "2025-01-10"],
      ["Carla", "Medio", "2025-01-11"],
      ["Dario", "100%_Real", "2026-01-01"],
    ]) {
      await createChild(test.db, lister, child({ firstName, lastName, birthdate }), TODAY);
    }
  });

  it("lists only the asker's children, with the total", async () => {
    const { data, total } = await listChildren(test.db, lister, query());
    expect(total).toBe(4);
    expect(data.every((row) => row.createdById === lister.id)).toBe(true);
    await expect(listChildren(test.db, stranger, query(), lister.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listChildren(test.db, admin, query(), lister.id)).total).toBe(4);
  });

  it("sorts, pages and filters by name (wildcards taken literally)", async () => {
    const byName = await listChildren(test.db, lister, query("sort=name&order=asc&count=10"));
    expect(byName.data.map((row) => row.lastName)).toEqual(["100%_Real", "Alfa", "Medio", "Zeta"]);
    expect((await listChildren(test.db, lister, query("sort=birthdate&order=desc"))).data[0].firstName).toBe("Dario");
    const second = await listChildren(test.db, lister, query("sort=name&order=asc&count=10&page=2"));
    expect(second).toEqual({ data: [], total: 4 });
    expect((await listChildren(test.db, lister, query("name=beto"))).data.map((row) => row.firstName)).toEqual([
      "Beto",
    ]);
    expect((await listChildren(test.db, lister, query("name=%25_"))).data.map((row) => row.firstName)).toEqual([
      "Dario",
    ]);
  });

  it("finds a name whatever the case of every letter, accented ones too, while accents count (the same on SQLite and PostgreSQL)", async () => {
    const other = await addPerson(test.db, "accents@example.com");
    for (const [firstName, lastName] of [
      ["Élodie", "Núñez"],
      ["ÁLVARO", "PÉREZ"],
      ["Alvaro", "Perez"],
    ]) {
      await createChild(test.db, other, child({ firstName, lastName }), TODAY);
    }
    const found = async (name: string) =>
      (await listChildren(test.db, other, query(`sort=name&order=asc&name=${encodeURIComponent(name)}`))).data.map(
        (row) => `${row.firstName} ${row.lastName}`,
      );
    expect(await found("pérez")).toEqual(["ÁLVARO PÉREZ"]);
    expect(await found("NÚÑEZ")).toEqual(["Élodie Núñez"]);
    expect(await found("élo")).toEqual(["Élodie Núñez"]);
    expect(await found("álvaro")).toEqual(["ÁLVARO PÉREZ"]);
    expect(await found("PEREZ")).toEqual(["Alvaro Perez"]);
    expect(await found("alvaro")).toEqual(["Alvaro Perez"]);
  });

  it("filters by birthdate: before, after, exactly, between", async () => {
    const names = async (text: string) =>
      (await listChildren(test.db, lister, query(`sort=birthdate&order=asc&${text}`))).data.map((row) => row.firstName);
    expect(await names("birthdateType=before&birthdateFrom=2025-01-10")).toEqual(["Ana"]);
    expect(await names("birthdateType=after&birthdateFrom=2025-01-10")).toEqual(["Carla", "Dario"]);
    expect(await names("birthdateType=exactly&birthdateFrom=2025-01-10")).toEqual(["Beto"]);
    expect(await names("birthdateType=between&birthdateFrom=2025-01-10&birthdateTo=2025-01-11")).toEqual([
      "Beto",
      "Carla",
    ]);
  });

  it("reads every row for the export, 100 at a time", async () => {
    const pages = [];
    for await (const page of allChildren(test.db, lister, query("sort=name&order=asc"))) pages.push(page.length);
    expect(pages).toEqual([4]);
  });
});
