import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferralStatus } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { fixedT } from "~/i18n/i18next.server";
import { addPerson } from "~/test/people";
import { parseCsv } from "~/utils/csv";
import { createChild, startReferral } from "./child.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { FutureDateError, generateReferralReport, generateUserReport, reportFile } from "./report.server";
import { reportFileName, sweepOldReports } from "./report-files.server";
import type { CurrentUser } from "./user.server";

// The reports against a real SQLite file and a real reports folder, read back as a spreadsheet would.

let test: TestDatabase;
let admin: CurrentUser;
let referrer: CurrentUser;
let reportsDir: string;

beforeAll(async () => {
  test = await createTestDatabase();
  Object.assign(process.env, test.env);
  reportsDir = (await import("~/config.server")).getConfig().reportsDir;
  admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  referrer = await addPerson(test.db, "parent@example.com");
  await test.db
    .updateTable("users")
    .set({ primary_language: "sp", last_login: "2026-10-01T15:00:00Z" })
    .where("id", "=", referrer.id)
    .execute();
  const address = await test.db
    .insertInto("addresses")
    .values({
      line1: "1 Main St",
      city: "Annapolis",
      zip: "21401",
      county: "24003",
      state: "MD",
      address_book: 0,
      created_by_id: referrer.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const child = await createChild(
    test.db,
    referrer,
    {
      id: null,
      firstName: '=HYPERLINK("http://evil")',
      lastName: "Pérez",
      birthdate: "2025-06-01",
      stateOfResidence: "21",
    },
    "2026-11-21",
  );
  const rows: Array<[ReferralStatus, string, number | null]> = [
    ["Submitted", "2026-09-01T15:00:00Z", address.id],
    ["Eligible", "2026-10-15T15:00:00Z", address.id],
    ["Not Eligible", "2026-11-01T15:00:00Z", null],
  ];
  for (const [status, createdAt, addressId] of rows) {
    const { id } = await startReferral(test.db, referrer, child.id);
    await test.db
      .updateTable("referrals")
      .set({
        status,
        created_at: createdAt,
        submission_date: createdAt,
        status_updated_at: createdAt,
        address_id: addressId,
        referrer_first_name: "+cmd|' /C calc'!A0",
      })
      .where("id", "=", id)
      .execute();
  }
  await startReferral(test.db, referrer, child.id); // a Draft: never in a report
});
afterAll(() => test.close());

const t = () => fixedT("en", ["referrals", "common", "wizard", "admin", "auth"]);
const referralReport = async (input: Partial<Parameters<typeof generateReferralReport>[2]> = {}, actor = admin) =>
  generateReferralReport(test.db, actor, { statuses: [], format: "csv", ...input }, "en", await t());
const csvRows = (fileName: string) =>
  parseCsv(readFileSync(path.join(reportsDir, fileName), "utf8").replace(/^\uFEFF/, ""));

describe("the referral report", () => {
  it("has one row per referral (never a Draft) and the 35 columns, with labels and Eastern dates", async () => {
    const { fileName, rows } = await referralReport();
    expect(rows).toBe(3);
    const [header, ...data] = csvRows(fileName);
    expect(header).toHaveLength(35);
    expect(data).toHaveLength(3);
    expect(data.map((row) => row[1])).toEqual(["Submitted", "Eligible", "Not eligible"]);
    expect(data[0][2]).toBe("09/01/2026, 11:00 AM EDT"); // 15:00 UTC is 11:00 in Maryland (daylight time), written as on screen
    expect(data[0][26]).toBe("Anne Arundel County");
  });

  it("filters by status keys, creation dates and county", async () => {
    expect((await referralReport({ statuses: ["eligible", "not_eligible"] })).rows).toBe(2);
    expect((await referralReport({ createdAfter: "2026-10-15" })).rows).toBe(1);
    expect((await referralReport({ createdBefore: "2026-10-15" })).rows).toBe(1);
    expect((await referralReport({ createdAfter: "2026-09-01", createdBefore: "2026-11-01" })).rows).toBe(1);
    expect((await referralReport({ county: "24003" })).rows).toBe(2);
  });

  it("neutralizes formulas, in CSV and in Excel", async () => {
    const [, first] = csvRows((await referralReport()).fileName);
    expect(first[12]).toBe('\'=HYPERLINK("http://evil")');
    expect(first[8]).toBe("'+cmd|' /C calc'!A0");
    const { fileName } = await referralReport({ format: "xlsx" });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(reportsDir, fileName));
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(13).value).toBe('\'=HYPERLINK("http://evil")');
    expect(sheet.getRow(2).getCell(1).value).toEqual(expect.any(Number));
  });

  it("refuses dates after today, and anyone but an administrator", async () => {
    await expect(referralReport({ createdAfter: "2999-01-01" })).rejects.toBeInstanceOf(FutureDateError);
    await expect(referralReport({}, referrer)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("the user report", () => {
  it("filters by language and last sign-in, never lists secrets", async () => {
    const { fileName, rows } = await generateUserReport(
      test.db,
      admin,
      { format: "csv", primaryLanguage: "sp", lastLoginAfter: "2026-09-30" },
      "en",
      await t(),
    );
    expect(rows).toBe(1);
    const text = readFileSync(path.join(reportsDir, fileName), "utf8");
    expect(text).toContain("parent@example.com");
    // The last sign-in (15:00 UTC) in US Eastern time, as the users list shows it.
    expect(csvRows(fileName)[1][8]).toBe("10/01/2026, 11:00 AM EDT");
    expect(text).not.toMatch(/argon2|\$2[aby]\$|password/i);
    expect(
      (await generateUserReport(test.db, admin, { format: "csv", lastLoginBefore: "2026-09-30" }, "en", await t()))
        .rows,
    ).toBe(0);
  });

  it("writes each account's status as the users list does: Active, Inactive or Not verified (R90)", async () => {
    const unverified = await addPerson(test.db, "new-in-report@example.com");
    await test.db.updateTable("users").set({ enabled: 0 }).where("id", "=", unverified.id).execute();
    const { fileName } = await generateUserReport(test.db, admin, { format: "csv" }, "en", await t());
    const status = (email: string) => csvRows(fileName).find((row) => row[3] === email)?.[6];
    expect([status("parent@example.com"), status("new-in-report@example.com")]).toEqual(["Active", "Not verified"]);
  });
});

describe("report files", () => {
  it("keep a name of the reports folder, whatever was typed", () => {
    for (const asked of ["../../etc/passwd", "..\\..\\x", "/abs/path", "a/../../b"]) {
      const name = reportFileName(asked, "fallback", "csv");
      expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*\.csv$/);
      expect(name).not.toContain("..");
      expect(name).not.toContain("/");
    }
    expect(reportFileName("Informe de octubre", "x", "xlsx")).toMatch(/^Informe-de-octubre-[0-9a-f]{8}\.xlsx$/);
  });

  it("are read only by administrators, only by a name on the list", async () => {
    const { fileName } = await referralReport({ filename: "../../escape" });
    expect(existsSync(path.join(reportsDir, fileName))).toBe(true);
    expect((await reportFile(test.db, admin, fileName)).size).toBeGreaterThan(0);
    await expect(reportFile(test.db, referrer, fileName)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(reportFile(test.db, admin, "../app.db")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("are written under a temporary name and take their own once whole, so no other instance lists or sweeps half a report (R122)", async () => {
    for (const format of ["csv", "xlsx"] as const) {
      const before = new Set(readdirSync(reportsDir));
      // What another process would see in the folder, looked at every turn of the event loop while the report is made.
      const seen: string[][] = [];
      let making = true;
      const look = () => {
        seen.push(readdirSync(reportsDir).filter((name) => !before.has(name)));
        if (making) setImmediate(look);
      };
      look();
      const { fileName } = await generateReferralReport(test.db, admin, { statuses: [], format }, "en", await t());
      making = false;
      const whole = seen.findIndex((names) => names.includes(fileName));
      const whileWritten = seen.slice(0, whole === -1 ? seen.length : whole).flat();
      expect(whileWritten.length, format).toBeGreaterThan(0);
      for (const name of whileWritten)
        expect(name).toMatch(new RegExp(`^${fileName.replace(/\./g, "\\.")}\\.part-[0-9a-f]{8}$`));
      expect(readdirSync(reportsDir).filter((name) => !before.has(name))).toEqual([fileName]);
    }
  });

  it("are swept, when cut short by a stop, by the name they were being written under, once an hour old", async () => {
    const unfinished = path.join(reportsDir, "report-cut-short.csv.part-0123abcd");
    writeFileSync(unfinished, "id,status\n1,");
    await sweepOldReports(test.db, { retentionDays: 30 });
    expect(existsSync(unfinished)).toBe(true);
    await sweepOldReports(test.db, { retentionDays: 30, now: Date.now() + 2 * 60 * 60 * 1000 });
    expect(existsSync(unfinished)).toBe(false);
  });

  it("are deleted after the retention period", async () => {
    const { fileName } = await referralReport();
    await test.db
      .updateTable("generated_reports")
      .set({ created_at: "2020-01-01T00:00:00Z" })
      .where("file_name", "=", fileName)
      .execute();
    utimesSync(path.join(reportsDir, fileName), new Date("2020-01-01"), new Date("2020-01-01"));
    expect(await sweepOldReports(test.db, { retentionDays: 30 })).toBeGreaterThanOrEqual(1);
    expect(readdirSync(reportsDir)).not.toContain(fileName);
  });
});
