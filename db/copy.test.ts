import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "../app/db.server";
import { fixedT } from "../app/i18n/i18next.server";
import { setUserActive } from "../app/models/admin-users.server";
import { insertApiKey } from "../app/test/api-keys";
import { createChild, startReferral } from "../app/models/child.server";
import { addDocument } from "../app/models/document.server";
import { recordAccess } from "../app/models/access-record.server";
import { createReviewLink } from "../app/models/referral-admin.server";
import { recordStatusChange } from "../app/models/referral-status.server";
import { setReferralAddress } from "../app/models/referral-address.server";
import { submitReferral } from "../app/models/referral-lifecycle.server";
import { saveAdult } from "../app/models/referral-adults.server";
import { saveAnswers } from "../app/models/referral-answers.server";
import { generateReferralReport } from "../app/models/report.server";
import type { CurrentUser } from "../app/models/user.server";
import { createSession } from "../app/auth/session.server";
import { CONSENT } from "../app/schemas/referral";
import { addPerson, addRegisteredPerson } from "../app/test/people";
import { readRows, readSchema } from "../app/test/tables";
import { copyDatabase, copyOrder } from "./copy";
import { readTables } from "./dialect";
import { migrateToLatest } from "./migrate";
import { migrationProvider } from "./migrations";
import { seed } from "./seed";
import { createPostgresDatabase, dropPostgresDatabase, refuseWrites, testDialect } from "./testing";

// db:copy between a SQLite data folder and PostgreSQL, both ways, on real databases of both: run
// under db/with-postgres.ts (the PostgreSQL half of `npm test`); the SQLite-only run skips it.

const folders: string[] = [];
const postgres: string[] = [];
const open: DB[] = [];

function newFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "referral-copy-"));
  folders.push(dir);
  return dir;
}

function connect(target: string): DB {
  const db = openDatabase(target);
  open.push(db);
  return db;
}

/** A SQLite data folder as `npm start` leaves it (migrated and seeded), or at the migration before the latest. */
async function sqliteFolder({ older = false } = {}): Promise<{ dir: string; db: DB }> {
  const dir = newFolder();
  for (const folder of ["uploads", "reports", "outbox"]) mkdirSync(path.join(dir, folder));
  const db = connect(path.join(dir, "app.db"));
  if (older) {
    const names = Object.keys(await migrationProvider.getMigrations());
    await new Migrator({ db, provider: migrationProvider }).migrateTo(names[names.length - 2]);
  } else {
    await migrateToLatest(db);
    await seed(db);
  }
  return { dir, db };
}

async function newPostgres(options?: { migrated?: boolean; seeded?: boolean }): Promise<string> {
  const url = await createPostgresDatabase(options);
  postgres.push(url);
  return url;
}

async function everything(db: DB) {
  return readRows(db, await readSchema(db));
}

afterAll(async () => {
  for (const db of open) await db.destroy();
  for (const url of postgres) await dropPostgresDatabase(url);
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe("the order of the copy", () => {
  it("writes each table after the tables it names, and sets later the references of a cycle or to itself", async () => {
    const { db } = await sqliteFolder();
    const steps = copyOrder(await readTables(db));
    const position = new Map(steps.map((step, index) => [step.table.name, index]));
    for (const { table, later } of steps) {
      for (const reference of table.references) {
        if (!later.includes(reference.column))
          expect(position.get(reference.table), `${table.name}.${reference.column}`).toBeLessThan(
            position.get(table.name)!,
          );
      }
    }
    expect(steps.find((step) => step.table.name === "users")?.later).toEqual([
      "home_phone_id",
      "mobile_phone_id",
      "updated_by_id",
      "work_phone_id",
    ]);
    expect(steps.filter((step) => step.later.length).map((step) => step.table.name)).toEqual(["users"]);
    expect(steps[steps.length - 1].table.name).toBe("cache_versions");
  });
});

describe.skipIf(testDialect() !== "postgres")("npm run db:copy", () => {
  let source: { dir: string; db: DB };
  let admin: CurrentUser;
  let parent: CurrentUser;
  let childId: number;
  let target: string;

  beforeAll(async () => {
    source = await sqliteFolder();
    Object.assign(process.env, { DATA_DIR: source.dir });
    delete process.env.DATABASE_URL;
    const { db } = source;
    const password = "correct horse 42 battery";
    parent = await addRegisteredPerson(db, "rosa.nunez@example.com", {
      password,
      firstName: "Rosa",
      lastName: "Núñez",
      homePhoneNumber: { areaCode: "410", prefix: "555", suffix: "0100" },
    });
    // Registered after the parent, so that the parent's updated_by_id names a later user.
    admin = await addRegisteredPerson(db, "zoe@maryland.gov", {
      password,
      admin: true,
      firstName: "Zoë",
      lastName: "Ångström",
      homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0199" },
    });
    await setUserActive(db, admin, parent.id, true);
    childId = (
      await createChild(
        db,
        parent,
        { id: null, firstName: "Lucía", lastName: "Pérez-Ñúñez", birthdate: "2025-06-01", stateOfResidence: "21" },
        "2026-11-21",
      )
    ).id;

    const submitted = { child: childId, referral: (await startReferral(db, parent, childId)).id, user: parent.id };
    await setReferralAddress(db, parent, submitted, {
      address: { line1: "12 Calle Mayor", city: "Annapolis", zip: "21401", county: "24003" },
      saveToBook: true,
    });
    await saveAnswers(db, parent, submitted, {
      referrerRelationship: "1",
      referrerFirstName: "Rosa",
      referrerLastName: "Núñez",
      referrerPhoneNumber: { areaCode: "410", prefix: "555", suffix: "0101" },
      gender: "2",
      races: ["2106-3", "2028-9"],
      isHispanicChild: "yes",
      primaryLanguage: "2",
      gestationalAgeInDays: 273,
      familyPrimaryLanguage: "2",
      familyNeedsInterpreter: "yes",
      childInFosterCare: "no",
      referralReasons: { RefReasons_ConcernsDevelopmental: ["1"], FailedScreenings: ["1"] },
      additionalDetails: "Camina tarde; dice «mamá».",
      childParentConsent: CONSENT.no,
    });
    await saveAdult(db, parent, submitted, null, {
      firstName: "José",
      lastName: "Pérez",
      childRelationship: "1",
      homePhoneNumber: { areaCode: "301", prefix: "555", suffix: "0103" },
      workPhoneNumber: null,
      mobilePhoneNumber: { areaCode: "443", prefix: "555", suffix: "0104" },
    });
    const storedName = randomUUID();
    writeFileSync(path.join(source.dir, "uploads", storedName), "%PDF-1.7 test");
    await addDocument(
      db,
      parent,
      submitted,
      { description: "Évaluation auditive", isConsent: false },
      {
        storedName,
        fileName: "audición.pdf",
        kind: "pdf",
        contentType: "application/pdf",
        size: 13,
      },
    );
    await submitReferral(db, parent, submitted.referral);
    await recordStatusChange(db, admin, submitted.referral, {
      status: "Received",
      details: "Recibido ✓",
      detailsEs: "Recibido",
      comments: "Llamó la mamá",
    });
    const link = await createReviewLink(db, admin, submitted.referral, {
      reviewerName: "Zoé Ñúñez",
      purpose: "Révision annuelle",
    });
    await recordAccess(db, { reviewLinkId: link.id }, [{ referralId: submitted.referral, createdById: parent.id }], {
      action: "view",
      entityType: "referral",
    });

    const draft = { child: childId, referral: (await startReferral(db, parent, childId)).id, user: parent.id };
    await saveAnswers(db, parent, draft, {
      races: ["2054-5"],
      isHispanicChild: "unknown",
      referralReasons: { IdentifiedConditions: ["1"] },
      referrerFirstName: "Inés",
      referrerLastName: "Müller",
    });
    await createSession(db, parent.id);
    await insertApiKey(db, admin.id, { name: "Système d'accueil" });
    // An administrator's own value: the copy carries the source's, not the seed's.
    await db
      .updateTable("miscellaneous")
      .set({ value: "2030-01-01" })
      .where("name", "=", "ieMessageStartDate")
      .execute();
  }, 120_000);

  it("copies a SQLite data folder into a PostgreSQL database holding the seed: every row, the same report, ids that go on", async () => {
    target = await newPostgres();
    const before = await everything(source.db);
    const counts = await copyDatabase(source.dir, target);
    expect(counts.find((count) => count.table === "referrals")?.rows).toBe(2);

    const copy = connect(target);
    const schema = await readSchema(source.db);
    expect(await readSchema(copy)).toEqual(schema);
    const rows = await readRows(copy, schema);
    expect(rows).toEqual(before);
    expect(await everything(source.db)).toEqual(before);
    for (const table of [
      "users",
      "phone_numbers",
      "adults",
      "referral_races",
      "referral_reasons",
      "referral_documents",
      "referral_status_history",
    ]) {
      expect(rows[table].length, table).toBeGreaterThan(0);
    }
    for (const table of ["addresses", "sessions", "review_tokens", "audit_events", "api_keys"])
      expect(rows[table], table).toHaveLength(1);
    expect(rows.users.find((user) => user.id === parent.id)?.updated_by_id).toBe(admin.id);

    const t = await fixedT("en", ["referrals", "common", "wizard", "admin", "auth"]);
    const reportOf = async (db: DB, filename: string) => {
      const { fileName } = await generateReferralReport(db, admin, { statuses: [], format: "csv", filename }, "en", t);
      return readFileSync(path.join(source.dir, "reports", fileName));
    };
    const fromSqlite = await reportOf(source.db, "from-sqlite");
    expect(fromSqlite.toString("utf8")).toContain("Núñez");
    expect(await reportOf(copy, "from-postgres")).toEqual(fromSqlite);

    const largest = Math.max(...before.referrals.map((referral) => Number(referral.id)));
    expect((await startReferral(copy, parent, childId)).id).toBe(largest + 1);
    expect((await addPerson(copy, "new@example.com")).id).toBe(
      Math.max(...before.users.map((user) => Number(user.id))) + 1,
    );
  });

  it("copies it back from PostgreSQL into a new SQLite data folder: every row again", async () => {
    const back = path.join(newFolder(), "data");
    await copyDatabase(target, back);
    expect(existsSync(path.join(back, "app.db"))).toBe(true);
    expect(await everything(connect(path.join(back, "app.db")))).toEqual(await everything(connect(target)));
  });

  it("refuses a target that holds data, changing nothing", async () => {
    const used = await newPostgres();
    const db = connect(used);
    await addPerson(db, "someone@example.com");
    const before = await everything(db);
    await expect(copyDatabase(source.dir, used)).rejects.toThrow(
      /already holds data \(user_roles: 1 row, users: 1 row\): copy only into a new, empty database/,
    );
    expect(await everything(db)).toEqual(before);

    const sourceRows = await everything(source.db);
    await expect(copyDatabase(used, source.dir)).rejects.toThrow(/already holds data/);
    expect(await everything(source.db)).toEqual(sourceRows);
  });

  it("refuses a source at an older migration, changing neither side", async () => {
    const older = await sqliteFolder({ older: true });
    const olderRows = await everything(older.db);
    const bare = await newPostgres({ migrated: false });
    await expect(copyDatabase(older.dir, bare)).rejects.toThrow(
      new RegExp(
        `is at an older migration \\(missing .+\\): bring it up to date first with \`DATA_DIR=${older.dir} npm run db:migrate\``,
      ),
    );
    expect(await everything(older.db)).toEqual(olderRows);
    expect(await readTables(connect(bare))).toEqual([]);
  });

  it("leaves the target as it was when a write fails part-way", async () => {
    const failing = await newPostgres();
    const db = connect(failing);
    await refuseWrites(db, "referrals", "insert");
    const before = await everything(db);
    await expect(copyDatabase(source.dir, failing)).rejects.toThrow(/refused for the test/);
    expect(await everything(db)).toEqual(before);
  });
});
