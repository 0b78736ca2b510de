import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/db.server";
import { containsText, pagesOf } from "./dialect";
import { createTestDatabase, type TestDatabase } from "./testing";

// The helpers that SQLite and PostgreSQL do differently, checked to answer alike on the database of
// the run (npm test runs the unit tests on both).

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase({ seeded: false });
  const rows = Array.from({ length: 250 }, (_, n) => ({
    name: `value-${String(n).padStart(3, "0")}`,
    value: String(n),
  }));
  await test.db.insertInto("miscellaneous").values(rows).execute();
});
afterAll(() => test.close());

describe("reading an export page by page", () => {
  const query = (db = test.db) => db.selectFrom("miscellaneous").select(["name", "value"]).orderBy("name", "desc");

  it("gives every row once, in the query's order, so many at a time", async () => {
    const pages: Array<Array<{ name: string }>> = [];
    for await (const page of pagesOf(test.db, query(), 100)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50]);
    expect(pages.flat().map((row) => row.name)).toEqual((await query().execute()).map((row) => row.name));
  });

  it("lets go of the database when the reader stops early (a download cancelled half-way)", async () => {
    // One connection only: were it still held by the first read, the second would wait for ever.
    const db = openDatabase(test.database, { poolSize: 1 });
    try {
      for await (const page of pagesOf(db, query(db), 100)) {
        expect(page).toHaveLength(100);
        break;
      }
      expect(await query(db).limit(1).execute()).toEqual([{ name: "value-249", value: "249" }]);
    } finally {
      await db.destroy();
    }
  });
});

describe("text with the NUL character (U+0000), which PostgreSQL cannot hold", () => {
  it("is written and searched without it, alike on both databases, every other character kept", async () => {
    await test.db
      .insertInto("miscellaneous")
      .values({ name: "nul-\u0000name", value: "a\u0000b c\u0000é\u0001" })
      .execute();
    const row = await test.db
      .selectFrom("miscellaneous")
      .select(["name", "value"])
      .where("name", "=", "nul-\u0000name")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "nul-name", value: "ab cé\u0001" });
    await test.db
      .updateTable("miscellaneous")
      .set({ value: "\u0000x" })
      .where("name", "in", ["nul-name", "\u0000"])
      .execute();
    expect(
      (
        await test.db
          .selectFrom("miscellaneous")
          .select("value")
          .where(containsText(test.db, "name", "nul\u0000-"))
          .execute()
      ).map((r) => r.value),
    ).toEqual(["x"]);
  });
});
