import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { openDatabase } from "~/db.server";
import { getLookupLabel, getLookupOptions, getLookups } from "./lookup.server";
import { getMiscellaneousValue, isIeNoticeShown } from "./miscellaneous.server";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.close());

const IE11 = "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

describe("lookups", () => {
  it("come in list order with labels in the person's language", async () => {
    const months = await getLookupOptions(test.db, "Months", "es");
    expect(months[0]).toEqual({ value: "1", label: "enero" });
    expect(await getLookupLabel(test.db, "Counties", "24510", "en")).toBe("Baltimore City");
    expect(await getLookupLabel(test.db, "Counties", "nope", "en")).toBeNull();
  });

  it("are read again after any change, made by any connection (another process, another instance: R122)", async () => {
    const other = openDatabase(test.database);
    try {
      expect((await getLookups(test.db, "Genders")).map((row) => row.code)).toEqual(["1", "2"]);
      await other
        .insertInto("lookups")
        .values({ type: "Genders", code: "3", description: "X", description_es: "X", list_order: 3 })
        .execute();
      expect((await getLookups(test.db, "Genders")).map((row) => row.code)).toEqual(["1", "2", "3"]);
      await other
        .updateTable("lookups")
        .set({ description: "Unknown" })
        .where("type", "=", "Genders")
        .where("code", "=", "3")
        .execute();
      expect((await getLookups(test.db, "Genders")).at(-1)?.description).toBe("Unknown");
      await other.deleteFrom("lookups").where("type", "=", "Genders").where("code", "=", "3").execute();
      expect(await getLookups(test.db, "Genders")).toHaveLength(2);
    } finally {
      await other.destroy();
    }
  });
});

describe("miscellaneous values", () => {
  it("show the Internet Explorer notice to Internet Explorer within the window", async () => {
    expect(await getMiscellaneousValue(test.db, "ieMessageStartDate")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await test.db
      .updateTable("miscellaneous")
      .set({ value: "2026-11-01" })
      .where("name", "=", "ieMessageStartDate")
      .execute();
    const inWindow = new Date("2026-11-21T12:00:00Z");
    expect(await isIeNoticeShown(test.db, IE11, inWindow)).toBe(true);
    expect(await isIeNoticeShown(test.db, CHROME, inWindow)).toBe(false);
    expect(await isIeNoticeShown(test.db, IE11, new Date("2027-03-01T12:00:00Z"))).toBe(false);
  });
});
