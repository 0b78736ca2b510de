import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdReferralRow, testDialect, type TestDatabase } from "../../db/testing";
import { connectionsProblem, holdRows, isDatabaseBusy, openDatabase, writeTransaction, type DB } from "~/db.server";
import { configuredTestDatabase } from "~/test/database";
import { ownerStrangerAdmin } from "~/test/people";
import { addChild } from "~/test/referrals";
import { startReferral } from "./child.server";
import { saveAnswers } from "./referral-answers.server";
import type { CurrentUser } from "./user.server";

// Writes on PostgreSQL hold the rows their rules read, not the whole database (docs/product-rules.md R135): writes to
// different referrals go side by side, writes to one take turns, a write that cannot have its row in time is answered
// "busy, try again", and two that wait for each other in a circle are both done. On a real database of the run.

const onPostgres = testDialect() === "postgres";

let test: TestDatabase;
let owner: CurrentUser;
let childId: number;

beforeAll(async () => {
  test = await configuredTestDatabase();
  ({ owner } = await ownerStrangerAdmin(test.db));
  childId = (await addChild(test.db, owner)).id;
});
afterAll(() => test.close());

async function draft() {
  const { id } = await startReferral(test.db, owner, childId);
  return { child: childId, referral: id, user: owner.id };
}

const languageOf = async (referral: number) =>
  (
    await test.db
      .selectFrom("referrals")
      .select("primary_language")
      .where("id", "=", referral)
      .executeTakeFirstOrThrow()
  ).primary_language;

const after = (ms: number) => new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms));

describe.skipIf(!onPostgres)("row locks on PostgreSQL", () => {
  it("let a save of one Draft go on while another Draft is held, and make a save of the held one wait its turn", async () => {
    const [a, b] = [await draft(), await draft()];
    const other = openDatabase(test.database, { poolSize: 2 });
    try {
      const release = await holdReferralRow(other, a.referral);
      await saveAnswers(test.db, owner, b, { primaryLanguage: "2" });
      expect(await languageOf(b.referral)).toBe("2");
      const waiting = saveAnswers(test.db, owner, a, { primaryLanguage: "3" });
      expect(await Promise.race([waiting.then(() => "saved" as const), after(300)])).toBe("waiting");
      await release();
      await waiting;
      expect(await languageOf(a.referral)).toBe("3");
    } finally {
      await other.destroy();
    }
  });

  it("with DATABASE_WRITE_LOCK=database, make every write wait for the one before, as before the row locks", async () => {
    const [a, b] = [await draft(), await draft()];
    const oneAtATime = openDatabase(test.database, { poolSize: 2, writeLock: "database" });
    try {
      const release = await holdReferralRow(oneAtATime, a.referral);
      const waiting = saveAnswers(oneAtATime, owner, b, { primaryLanguage: "4" });
      expect(await Promise.race([waiting.then(() => "saved" as const), after(300)])).toBe("waiting");
      await release();
      await waiting;
      expect(await languageOf(b.referral)).toBe("4");
    } finally {
      await oneAtATime.destroy();
    }
  });

  it("end a write whose row stays held past lock_timeout as busy, having written nothing", async () => {
    const a = await draft();
    await saveAnswers(test.db, owner, a, { primaryLanguage: "2" });
    const other = openDatabase(test.database, { poolSize: 1 });
    const impatient = openDatabase(test.database, {
      poolSize: 1,
      timeouts: { statementMs: 10_000, lockMs: 200, idleInTransactionMs: 10_000 },
    });
    try {
      const release = await holdReferralRow(other, a.referral);
      const error = await saveAnswers(impatient, owner, a, { primaryLanguage: "5" }).catch((thrown: unknown) => thrown);
      await release();
      expect(isDatabaseBusy(error)).toBe(true);
      expect(await languageOf(a.referral)).toBe("2");
      // Its answers, a page's and the JSON API's: app/api/busy.server.test.ts.
      expect((error as { code?: string }).code).toBe("55P03");
    } finally {
      await Promise.all([other.destroy(), impatient.destroy()]);
    }
  });

  it("answer a statement that runs past statement_timeout as busy", async () => {
    const impatient = openDatabase(test.database, {
      poolSize: 1,
      timeouts: { statementMs: 200, lockMs: 10_000, idleInTransactionMs: 10_000 },
    });
    try {
      const error = await impatient
        .selectNoFrom((eb) => eb.fn<number>("pg_sleep", [eb.val(1)]).as("slept"))
        .execute()
        .catch((thrown: unknown) => thrown);
      expect(isDatabaseBusy(error)).toBe(true);
    } finally {
      await impatient.destroy();
    }
  });

  it("try again, once PostgreSQL has broken it, a write that waited in a circle with another: both are done", async () => {
    const [a, b] = [await draft(), await draft()];
    const other = openDatabase(test.database, { poolSize: 2 });
    try {
      // Each holds one Draft, waits until the other holds the other, then wants it: a circle, which PostgreSQL breaks
      // by ending one of them; that one is tried again (the gate then open) and done once the other has committed.
      let holding = 0;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let tries = 0;
      const crossing = (db: DB, first: number, second: number) =>
        writeTransaction(db, async (trx) => {
          tries += 1;
          await holdRows(trx, "referrals", "id", [first]);
          if (++holding === 2) open();
          await gate;
          await holdRows(trx, "referrals", "id", [second]);
          await trx
            .updateTable("referrals")
            .set({ comments: `by ${first}` })
            .where("id", "in", [first, second])
            .execute();
        });
      await Promise.all([crossing(test.db, a.referral, b.referral), crossing(other, b.referral, a.referral)]);
      expect(tries).toBeGreaterThanOrEqual(3);
      const comments = await test.db
        .selectFrom("referrals")
        .select("comments")
        .where("id", "in", [a.referral, b.referral])
        .execute();
      expect(new Set(comments.map((row) => row.comments)).size).toBe(1);
    } finally {
      await other.destroy();
    }
  });

  it("refuse at the start pools that would not fit max_connections, naming the settings", async () => {
    expect(await connectionsProblem(test.db, { poolSize: 10, processes: 3, instances: 2 })).toBeNull();
    const problem = await connectionsProblem(test.db, { poolSize: 100, processes: 3, instances: 2 });
    expect(problem).toMatch(
      /^DATABASE_POOL_SIZE: 100 connections × 3 processes .* × 2 instance\(s\) \(DATABASE_INSTANCES\) = 600, more than the \d+ /,
    );
  });
});
