import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../app/db.server";
import { LOOKUP_TYPES } from "../app/models/lookup.server";
import { isForeignKeyViolation, readTables } from "./dialect";
import { migrateToLatest } from "./migrate";
import { seed } from "./seed";
import { createTestDatabase, testDialect, type TestDatabase } from "./testing";

let test: TestDatabase | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

const TABLES_WITH_DATA = ["lookups", "zip_codes", "miscellaneous", "cache_versions"] as const;

async function snapshot(database: TestDatabase) {
  const result: Record<string, unknown[]> = {};
  for (const table of TABLES_WITH_DATA) {
    result[table] = (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(database.db)).rows;
  }
  return result;
}

describe("migrations and seed", () => {
  it("leave the same rows after a second seed and a second migration", async () => {
    test = await createTestDatabase();
    const first = await snapshot(test);
    expect(first.lookups.length).toBeGreaterThan(100);

    expect(await migrateToLatest(test.db)).toEqual([]);
    await seed(test.db);
    expect(await snapshot(test)).toEqual(first);
  });

  it("seed every lookup type with both languages", async () => {
    test = await createTestDatabase();
    const rows = await test.db.selectFrom("lookups").selectAll().execute();
    for (const type of LOOKUP_TYPES) {
      const ofType = rows.filter((row) => row.type === type);
      expect(ofType.length, type).toBeGreaterThan(0);
      for (const row of ofType) {
        expect(row.description.trim(), `${type} ${row.code}`).not.toBe("");
        expect(row.description_es.trim(), `${type} ${row.code}`).not.toBe("");
      }
    }
    expect(rows.filter((row) => row.type === "Counties")).toHaveLength(24);
    expect(rows.find((row) => row.type === "States" && row.code === "21")?.description).toBe("Maryland");
    const family = rows.filter((row) => row.type === "FamilyRelationships").map((row) => row.code);
    expect(family).toEqual(expect.arrayContaining(["1", "7", "10"]));
    expect(rows.find((row) => row.type === "Counties" && row.code === "24510")?.description).toBe("Baltimore City");
  });

  it("seed the Maryland ZIP table and the IE notice date", async () => {
    test = await createTestDatabase();
    const zips = await test.db.selectFrom("zip_codes").selectAll().execute();
    expect(zips).toHaveLength(612);
    expect(zips.find((zip) => zip.zip === "21201")).toMatchObject({ city: "Baltimore", county_fips: "24510" });
    // A ZIP that crosses a county line keeps its suggested county first and lists the others.
    expect(zips.find((zip) => zip.zip === "20622")?.all_county_fips.split(",")).toEqual(["24037", "24017"]);
    const misc = await test.db.selectFrom("miscellaneous").selectAll().execute();
    expect(misc.map((row) => row.name)).toContain("ieMessageStartDate");
  });

  it("keeps a miscellaneous value an administrator changed", async () => {
    test = await createTestDatabase();
    await test.db
      .updateTable("miscellaneous")
      .set({ value: "2030-01-01" })
      .where("name", "=", "ieMessageStartDate")
      .execute();
    await seed(test.db);
    const row = await test.db
      .selectFrom("miscellaneous")
      .select("value")
      .where("name", "=", "ieMessageStartDate")
      .executeTakeFirst();
    expect(row?.value).toBe("2030-01-01");
  });

  it("refuse a row that names a record not there (foreign keys on), and run SQLite in WAL mode", async () => {
    test = await createTestDatabase({ seeded: false });
    if (testDialect() === "sqlite") {
      const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(test.db);
      const { rows: journal } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(test.db);
      expect(fk[0].foreign_keys).toBe(1);
      expect(journal[0].journal_mode).toBe("wal");
    }
    const refused = await test.db
      .insertInto("children")
      .values({ first_name: "A", last_name: "B", birthdate: "2025-01-01", created_by_id: 999 })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isForeignKeyViolation(refused)).toBe(true);
  });

  // The same migrations on both databases (db/dialect.ts decides where they differ): run where
  // both are at hand, the PostgreSQL half of `npm test`.
  it.skipIf(testDialect() !== "postgres")(
    "make the same tables, columns, keys, references and defaults on PostgreSQL as on SQLite",
    async () => {
      test = await createTestDatabase({ migrated: false });
      const sqlite = openDatabase(path.join(test.dir, "app.db"));
      try {
        expect(await migrateToLatest(test.db)).toEqual(await migrateToLatest(sqlite));
        expect(await readTables(test.db)).toEqual(await readTables(sqlite));
        // A row given only what has no default reads back alike: numbered ids, the time now, flags at 0.
        const values = {
          email: "same@example.com",
          username: "same@example.com",
          password_hash: "x",
          first_name: "A",
          last_name: "B",
        };
        const [onPostgres, onSqlite] = await Promise.all(
          [test.db, sqlite].map((db) => db.insertInto("users").values(values).returningAll().executeTakeFirstOrThrow()),
        );
        expect({ ...onPostgres, created_at: "", updated_at: "" }).toEqual({
          ...onSqlite,
          created_at: "",
          updated_at: "",
        });
        for (const row of [onPostgres, onSqlite])
          expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        // The checks hold alike: a phone's parts are digits of their length.
        for (const db of [test.db, sqlite]) {
          await expect(
            db.insertInto("phone_numbers").values({ area_code: "41a", prefix: "555", suffix: "0100" }).execute(),
            "letters",
          ).rejects.toThrow();
          await expect(
            db.insertInto("phone_numbers").values({ area_code: "4100", prefix: "555", suffix: "0100" }).execute(),
            "too long",
          ).rejects.toThrow();
          await db.insertInto("phone_numbers").values({ area_code: "410", prefix: "555", suffix: "0100" }).execute();
        }
      } finally {
        await sqlite.destroy();
      }
    },
  );
});
