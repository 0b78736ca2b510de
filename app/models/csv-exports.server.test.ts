import { addChild } from "~/test/referrals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase } from "../../db/testing";
import { configuredTestDatabase } from "~/test/database";
import type { TFunction } from "i18next";
import type { Language } from "~/i18n/config";
import { fixedT } from "~/i18n/i18next.server";
import { addPerson } from "~/test/people";
import type { CsvPages } from "~/utils/csv-response.server";
import { parseListQuery, type ListQuery, type ListSpec } from "~/utils/list";
import { USER_LIST, usersCsv } from "./user-list.server";
import { createChild, startReferral } from "./child.server";
import { CHILD_LIST, childrenCsv } from "./child-list.server";
import { accessRecordCsv, recordAccess, viewerOf } from "./access-record.server";
import { referralsCsv } from "./referral-cells.server";
import { referralListSpec } from "./referral-list.server";
import type { CurrentUser } from "./user.server";

// The CSV files of the lists and of the record of access, against a real SQLite file: the whole
// list or the rows its filters show (docs/product-rules.md R81), and every date and time written
// as the screens write it, times in US Eastern time (R29).

let test: TestDatabase;
let admin: CurrentUser;
let referrer: CurrentUser;
let referralId: number;
const DOMAINS = ["maryland.gov"];

beforeAll(async () => {
  test = await configuredTestDatabase();
  admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  referrer = await addPerson(test.db, "summer@example.com");
  const winter = await addPerson(test.db, "winter@example.com");
  // 15:00 UTC in October is 11:00 in Maryland (daylight time); 17:30 UTC in January is 12:30 (standard time).
  await test.db
    .updateTable("users")
    .set({ last_login: "2026-10-01T15:00:00Z" })
    .where("id", "=", referrer.id)
    .execute();
  await test.db.updateTable("users").set({ last_login: "2026-01-15T17:30:00Z" }).where("id", "=", winter.id).execute();

  const ana = await addChild(test.db, referrer, { firstName: "Ana", lastName: "Uno" });
  const beto = await createChild(
    test.db,
    referrer,
    { id: null, firstName: "Beto", lastName: "Dos", birthdate: "2025-02-03", stateOfResidence: "21" },
    "2026-11-21",
  );
  for (const [child, status] of [
    [ana.id, "Submitted"],
    [beto.id, "Eligible"],
  ] as const) {
    const { id } = await startReferral(test.db, referrer, child);
    const at = "2026-09-01T15:00:00Z";
    await test.db
      .updateTable("referrals")
      .set({ status, created_at: at, updated_at: at, submission_date: at, status_updated_at: at })
      .where("id", "=", id)
      .execute();
    referralId = id;
  }
  await recordAccess(test.db, viewerOf(admin), [{ referralId, createdById: referrer.id }], {
    action: "view",
    entityType: "referral",
  });
  await test.db
    .updateTable("audit_events")
    .set({ at: "2026-07-15T17:30:00.000Z" })
    .where("referral_id", "=", referralId)
    .execute();
});
afterAll(() => test.close());

const t = (language: Language) => fixedT(language, ["referrals", "common", "wizard", "admin", "children"]);

/** A CSV file's heading and rows, every page read. */
async function rowsOf(csv: CsvPages) {
  const rows = [csv.header];
  for await (const page of csv.pages) rows.push(...page);
  return rows;
}

/** A list's CSV as its page asks for it: the query read from the page's search, in that language. */
async function listCsv<Sort extends string>(
  spec: ListSpec<Sort>,
  search: string,
  language: Language,
  write: (query: ListQuery<Sort>, translate: TFunction) => Promise<CsvPages>,
) {
  return rowsOf(await write(parseListQuery(new URLSearchParams(search), spec, language), await t(language)));
}

describe("the users CSV", () => {
  const users = (search: string, language: Language) =>
    listCsv(USER_LIST, search, language, (query, translate) =>
      usersCsv(test.db, admin, query, DOMAINS, language, translate),
    );

  it("writes the last sign-in in US Eastern time as the list shows it, in both languages", async () => {
    const [header, ...rows] = await users("", "en");
    expect(header[4]).toBe("Last sign-in");
    const lastSignIn = (email: string) => rows.find((row) => row[1] === email)?.[4];
    expect(lastSignIn("summer@example.com")).toBe("10/01/2026, 11:00 AM EDT");
    expect(lastSignIn("winter@example.com")).toBe("01/15/2026, 12:30 PM EST");
    expect(lastSignIn("admin@maryland.gov")).toBe("");
    const spanish = await users("", "es");
    expect(spanish[0][4]).toBe("Último inicio de sesión");
    expect(spanish.find((row) => row[1] === "summer@example.com")?.[4]).toBe("01/10/2026, 11:00 a.m. EDT");
  });

  it("writes each account's status as the list shows it: Active, Inactive or Not verified (R90)", async () => {
    const locked = await addPerson(test.db, "locked@example.com");
    const unverified = await addPerson(test.db, "unverified@example.com");
    await test.db.updateTable("users").set({ locked: 1 }).where("id", "=", locked.id).execute();
    await test.db.updateTable("users").set({ enabled: 0 }).where("id", "=", unverified.id).execute();
    const status = (rows: unknown[][], email: string) => rows.find((row) => row[1] === email)?.[3];
    const english = await users("", "en");
    expect([
      status(english, "summer@example.com"),
      status(english, "locked@example.com"),
      status(english, "unverified@example.com"),
    ]).toEqual(["Active", "Inactive", "Not verified"]);
    expect(status(await users("", "es"), "unverified@example.com")).toBe("No verificado");
  });

  it("holds the whole list, or only the rows the filters show", async () => {
    expect((await users("", "en")).map((row) => row[1])).toEqual(
      expect.arrayContaining(["summer@example.com", "winter@example.com"]),
    );
    expect((await users("email=winter", "en")).slice(1).map((row) => row[1])).toEqual(["winter@example.com"]);
  });
});

describe("the record of access CSV", () => {
  it("writes when in US Eastern time as the review shows it, in both languages", async () => {
    const english = await rowsOf(await accessRecordCsv(test.db, admin, referralId, "en", await t("en")));
    expect(english).toEqual([
      ["When", "Who", "How", "What"],
      ["07/15/2026, 1:30 PM EDT", "A B <admin@maryland.gov>", "A page", "Opened the referral"],
    ]);
    const spanish = await rowsOf(await accessRecordCsv(test.db, admin, referralId, "es", await t("es")));
    expect(spanish[1][0]).toBe("15/07/2026, 1:30 p.m. EDT");
  });
});

describe("the referral CSV", () => {
  const referrals = (search: string, language: Language) =>
    listCsv(referralListSpec("submitted"), search, language, (query, translate) =>
      referralsCsv(test.db, referrer, "submitted", query, undefined, language, translate),
    );

  it("writes times in US Eastern time and dates as the screens show them, in both languages", async () => {
    const [header, first] = await referrals("sort=childName&order=asc", "en");
    expect(header).toHaveLength(35);
    expect(first[12]).toBe("Beto");
    // Created, updated, submitted, status changed.
    expect(first.slice(2, 6)).toEqual(Array(4).fill("09/01/2026, 11:00 AM EDT"));
    expect(first[16]).toBe("02/03/2025");
    const [, spanish] = await referrals("sort=childName&order=asc", "es");
    expect(spanish.slice(2, 6)).toEqual(Array(4).fill("01/09/2026, 11:00 a.m. EDT"));
    expect(spanish[16]).toBe("03/02/2025");
  });

  it("holds the whole list, or only the rows the filters show", async () => {
    expect((await referrals("", "en")).slice(1).map((row) => row[12])).toEqual(expect.arrayContaining(["Ana", "Beto"]));
    expect((await referrals("status=Eligible", "en")).slice(1).map((row) => row[12])).toEqual(["Beto"]);
  });
});

describe("the children CSV", () => {
  const children = (search: string, language: Language) =>
    listCsv(CHILD_LIST, search, language, (query, translate) =>
      childrenCsv(test.db, referrer, query, undefined, language, translate),
    );

  it("holds the whole list, or only the rows the filters show, with the birth date as the list shows it", async () => {
    expect((await children("sort=name&order=asc", "en")).slice(1)).toEqual([
      ["Beto", null, "Dos", "", "02/03/2025", "Maryland"],
      ["Ana", null, "Uno", "", "06/01/2025", "Maryland"],
    ]);
    expect((await children("name=Ana", "es")).slice(1)).toEqual([["Ana", null, "Uno", "", "01/06/2025", "Maryland"]]);
  });
});
