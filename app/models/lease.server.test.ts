import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db.server";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { runAlone } from "./lease.server";

// Work one instance at a time must do (docs/product-rules.md R122), on a real database: two
// connections stand for two instances sharing it.

let test: TestDatabase;
let other: ReturnType<typeof openDatabase>;

beforeAll(async () => {
  test = await createTestDatabase({ seeded: false });
  other = openDatabase(test.database);
});
afterAll(async () => {
  await other.destroy();
  await test.close();
});

const HOUR = 60 * 60 * 1000;

describe("a task one instance at a time does", () => {
  it("is done by the first that asks; another asking meanwhile does nothing; once done, it is free again", async () => {
    let finish!: () => void;
    const first = runAlone(
      test.db,
      "sweep-uploads",
      HOUR,
      () => new Promise<string>((resolve) => (finish = () => resolve("first"))),
    );
    await expect.poll(async () => (await test.db.selectFrom("task_leases").select("name").execute()).length).toBe(1);
    let ranSecond = false;
    expect(await runAlone(other, "sweep-uploads", HOUR, async () => (ranSecond = true))).toBeNull();
    expect(ranSecond).toBe(false);
    // Another task is not held by this one.
    expect(await runAlone(other, "sweep-reports", HOUR, async () => "reports")).toBe("reports");
    finish();
    expect(await first).toBe("first");
    expect(await runAlone(other, "sweep-uploads", HOUR, async () => "again")).toBe("again");
    expect(await test.db.selectFrom("task_leases").selectAll().execute()).toEqual([]);
  });

  it("is free again when the work fails, and when an instance that held it died and its lease ran out", async () => {
    await expect(
      runAlone(test.db, "sweep-reports", HOUR, () => Promise.reject(new Error("disk gone"))),
    ).rejects.toThrow("disk gone");
    expect(await runAlone(other, "sweep-reports", HOUR, async () => "after a failure")).toBe("after a failure");

    // A lease left behind by an instance that stopped mid-task, as its row stays.
    await test.db
      .insertInto("task_leases")
      .values({
        name: "sweep-uploads",
        holder: "a dead instance",
        expires_at: new Date(Date.now() + HOUR).toISOString(),
      })
      .execute();
    expect(await runAlone(other, "sweep-uploads", HOUR, async () => "too soon")).toBeNull();
    const later = () => new Date(Date.now() + 2 * HOUR);
    expect(await runAlone(other, "sweep-uploads", HOUR, async () => "taken over", later)).toBe("taken over");
  });

  it("is done once when many instances ask at the same moment", async () => {
    const connections = [test.db, other, ...Array.from({ length: 4 }, () => openDatabase(test.database))];
    try {
      let runs = 0;
      // The task is held until every other instance has asked and been turned away: once done it is free again, and
      // on a slow machine an instance whose connection opened late would otherwise rightly find it free.
      let othersAnswered!: () => void;
      const allOthersAnswered = new Promise<void>((resolve) => (othersAnswered = resolve));
      let turnedAway = 0;
      const results = await Promise.all(
        connections.map((db) =>
          runAlone(db, "sweep-uploads", HOUR, async () => {
            runs += 1;
            await Promise.race([allOthersAnswered, new Promise((resolve) => setTimeout(resolve, 5_000))]);
            return "swept";
          }).then((result) => {
            if (result === null && ++turnedAway === connections.length - 1) othersAnswered();
            return result;
          }),
        ),
      );
      expect(runs).toBe(1);
      expect(results.filter((result) => result === "swept")).toHaveLength(1);
    } finally {
      for (const db of connections.slice(2)) await db.destroy();
    }
  });
});
