import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { readiness } from "./health.server";

// /readyz's reasons (docs/product-rules.md R145), against a real database and data folder, one failing state at a time.

let test: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  test = await createTestDatabase({ seeded: false });
  dataDir = mkdtempSync(path.join(tmpdir(), "referral-ready-"));
});
afterAll(async () => {
  await test.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("readiness", () => {
  it("has no reason while the database answers, every migration ran and the data folder takes files", async () => {
    expect(await readiness(test.db, { dataDir, draining: false })).toEqual([]);
  });

  it("says the server is stopping once SIGTERM came", async () => {
    expect(await readiness(test.db, { dataDir, draining: true })).toEqual(["the server is stopping"]);
  });

  it("says a migration of this version has not run", async () => {
    const last = await test.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .orderBy("name" as never, "desc")
      .executeTakeFirstOrThrow();
    const { name } = last as { name: string };
    await test.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", name as never)
      .execute();
    try {
      expect(await readiness(test.db, { dataDir, draining: false })).toEqual([
        "the database lacks 1 migration(s) of this version: run npm run db:migrate",
      ]);
    } finally {
      await test.db
        .insertInto("kysely_migration" as never)
        .values({ name, timestamp: new Date().toISOString() } as never)
        .execute();
    }
    expect(await readiness(test.db, { dataDir, draining: false })).toEqual([]);
  });

  it("says the data folder cannot be written when a file stands where it should be", async () => {
    const notAFolder = path.join(dataDir, "a-file");
    writeFileSync(notAFolder, "");
    expect(await readiness(test.db, { dataDir: notAFolder, draining: false })).toEqual([
      "the data folder cannot be written",
    ]);
    expect(await readiness(test.db, { dataDir: path.join(dataDir, "gone"), draining: false })).toEqual([
      "the data folder cannot be written",
      "the data folder cannot be read",
    ]);
  });

  it("says the data folder has under 1 GB free (here: less than the threshold asked)", async () => {
    expect(await readiness(test.db, { dataDir, draining: false, minFreeBytes: Number.MAX_SAFE_INTEGER })).toEqual([
      "the data folder has under 1 GB free",
    ]);
  });

  it("says the database does not answer, and leaves nothing behind in the data folder", async () => {
    const closed = await createTestDatabase({ seeded: false });
    await closed.close();
    expect(await readiness(closed.db, { dataDir, draining: false })).toEqual(["the database does not answer"]);
    expect(readdirSync(dataDir).filter((name) => name.startsWith(".ready-"))).toEqual([]);
  });
});
