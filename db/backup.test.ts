import { execFile } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../app/config.server";
import { APPLICATION_NAME, openDatabase } from "../app/db.server";
import { createChild, startReferral } from "../app/models/child.server";
import { addDocument } from "../app/models/document.server";
import { addPerson } from "../app/test/people";
import { backupDataDir, BackupError } from "./backup";
import { clientConnection, clientProgram, dumpDatabase } from "./backup-postgres";
import { readTables } from "./dialect";
import { migrateToLatest } from "./migrate";
import { restoreDataDir } from "./restore";
import {
  createPostgresDatabase,
  createTestDatabase,
  dropPostgresDatabase,
  testDialect,
  type TestDatabase,
} from "./testing";

// Backup and restore against a real data folder: a migrated database (a SQLite file, or a
// PostgreSQL database under db/with-postgres.ts) with records, uploaded documents and a kept
// report; backed up while the database is open, changed, then restored.

const TABLES = [
  "users",
  "user_roles",
  "children",
  "referrals",
  "referral_documents",
  "generated_reports",
  "sessions",
] as const;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const run = promisify(execFile);
const onPostgres = testDialect() === "postgres";
/** The database's file in a backup folder. */
const DATABASE_FILE = onPostgres ? "database.dump" : "app.db";

let test: TestDatabase;
let paths: Config;
let work: string;
let backup: string;

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** A connection to the test's PostgreSQL database that names itself `name`. */
async function connectAs(name: string, url = paths.database): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: name });
  await client.connect();
  return client;
}

/**
 * Every row of the tables that hold what people entered, in a stable order: of a SQLite file, or of a PostgreSQL
 * database by its address.
 */
async function rowsOf(database: string): Promise<Record<string, unknown[]>> {
  if (!onPostgres) {
    const sqlite = new SQLite(database, { readonly: true, fileMustExist: true });
    try {
      return Object.fromEntries(
        TABLES.map((table) => [table, sqlite.prepare(`select * from ${table} order by rowid`).all()]),
      );
    } finally {
      sqlite.close();
    }
  }
  const client = await connectAs("backup test", database);
  try {
    const rows: Record<string, unknown[]> = {};
    for (const table of TABLES) rows[table] = (await client.query(`select * from ${table} order by 1, 2`)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * The rows of a backup's database: SQLite's file as it is, PostgreSQL's dump restored by pg_restore into a new, empty
 * database.
 */
async function rowsOfBackup(folder: string): Promise<Record<string, unknown[]>> {
  if (!onPostgres) return rowsOf(path.join(folder, "app.db"));
  const url = await createPostgresDatabase({ migrated: false });
  try {
    await run(clientProgram("pg_restore"), ["--no-owner", `--dbname=${url}`, path.join(folder, "database.dump")]);
    return await rowsOf(url);
  } finally {
    await dropPostgresDatabase(url);
  }
}

/** A copy of the backup folder whose database had `statement` run on it. */
async function backupChangedBy(folder: string, statement: string): Promise<void> {
  cpSync(backup, folder, { recursive: true });
  if (!onPostgres) {
    const sqlite = new SQLite(path.join(folder, "app.db"), { fileMustExist: true });
    sqlite.exec(statement);
    sqlite.close();
    return;
  }
  const url = await createPostgresDatabase({ migrated: false });
  try {
    await run(clientProgram("pg_restore"), ["--no-owner", `--dbname=${url}`, path.join(backup, "database.dump")]);
    const client = await connectAs("backup test", url);
    await client.query(statement);
    await client.end();
    await dumpDatabase(url, path.join(folder, "database.dump"));
  } finally {
    await dropPostgresDatabase(url);
  }
}

function integrityOf(file: string): string {
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    return (sqlite.pragma("integrity_check") as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .join("\n");
  } finally {
    sqlite.close();
  }
}

/** The files of a folder with their contents' hashes. */
function filesOf(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, sha(path.join(dir, name))]),
  );
}

/** What a restore must bring back: the rows and the files. */
async function stateOf(config: Config) {
  return {
    rows: await rowsOf(config.database),
    uploads: filesOf(config.uploadsDir),
    reports: filesOf(config.reportsDir),
  };
}

/** What restores leave in the data folder: the folders of what they replaced, and any staging folder. */
const restoreFolders = () =>
  readdirSync(test.dir).filter((name) => name.startsWith("before-restore") || name.includes("incomplete"));

/**
 * What a running server holds, until the function it returns is called: SQLite, the file open; PostgreSQL, a connection
 * named APPLICATION_NAME.
 */
async function openAsTheServer(): Promise<() => Promise<void>> {
  if (onPostgres) {
    const client = await connectAs(APPLICATION_NAME);
    return () => client.end();
  }
  const db = openDatabase(paths.database);
  await db.selectFrom("users").select("id").execute();
  return () => db.destroy();
}

let backedUp: Awaited<ReturnType<typeof stateOf>>;
let orphan: string;

beforeAll(async () => {
  test = await createTestDatabase();
  paths = loadConfig(test.env);
  work = mkdtempSync(path.join(tmpdir(), "referral-backup-"));
  backup = path.join(work, "backup");

  const owner = await addPerson(test.db, "owner@example.com");
  const admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  const child = await createChild(
    test.db,
    owner,
    { id: null, firstName: "Lucía", lastName: "Pérez", birthdate: "2025-06-01", stateOfResidence: "21" },
    "2026-11-21",
  );
  const referral = await startReferral(test.db, owner, child.id);
  const ids = { child: child.id, referral: referral.id, user: owner.id };
  for (const [index, fileName] of ["screening.pdf", "consent.pdf"].entries()) {
    const storedName = randomUUID();
    const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(50_000)]);
    writeFileSync(path.join(paths.uploadsDir, storedName), bytes);
    await addDocument(
      test.db,
      owner,
      ids,
      { description: fileName, isConsent: index === 1 },
      { storedName, fileName, kind: "pdf", contentType: "application/pdf", size: bytes.length },
    );
  }
  writeFileSync(path.join(paths.reportsDir, "referrals-1a2b3c4d.csv"), "\uFEFFid,status\r\n1,Submitted\r\n");
  await test.db
    .insertInto("generated_reports")
    .values({
      kind: "referral",
      format: "csv",
      file_name: "referrals-1a2b3c4d.csv",
      parameters: "{}",
      row_count: 1,
      created_by_id: admin.id,
      created_at: new Date().toISOString(),
    })
    .execute();
  // What an upload cut short leaves: a file no row names.
  orphan = randomUUID();
  writeFileSync(path.join(paths.uploadsDir, orphan), "%PDF-1.7\nhalf a fi");
});

afterAll(async () => {
  await test.close().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("backs up the database, the documents and the reports while the database is open, and nothing half-written", async () => {
    const before = await stateOf(paths);
    delete before.uploads[orphan];
    expect(Object.keys(before.uploads)).toHaveLength(2);
    expect(before.rows.referral_documents).toHaveLength(2);

    const summary = await backupDataDir(paths, backup);
    expect(summary).toMatchObject({ folder: backup, documents: 2, reports: 1, missing: [] });
    expect(readdirSync(work)).toEqual(["backup"]); // the staging folder was renamed, not left beside it
    expect(readdirSync(backup).sort()).toEqual([DATABASE_FILE, "backup.json", "reports", "uploads"].sort());
    expect(JSON.parse(readFileSync(path.join(backup, "backup.json"), "utf8"))).toMatchObject({
      database: testDialect(),
      documents: 2,
      reports: 1,
    });
    if (!onPostgres) expect(integrityOf(path.join(backup, "app.db"))).toBe("ok");
    expect(await rowsOfBackup(backup)).toEqual(before.rows);
    expect(filesOf(path.join(backup, "uploads"))).toEqual(before.uploads);
    expect(filesOf(path.join(backup, "reports"))).toEqual(before.reports);
    backedUp = before;
  });

  it("never writes over an earlier backup, nor into the data folder", async () => {
    await expect(backupDataDir(paths, backup)).rejects.toThrow(/already exists/);
    await expect(backupDataDir(paths, path.join(test.dir, "inside"))).rejects.toThrow(/inside the data folder/);
  });

  it.skipIf(!onPostgres)("copies the files the dump names, not those of a row written while pg_dump ran", async () => {
    // pg_dump takes its snapshot, then waits for a lock another connection holds; meanwhile a document is added.
    const blocker = await connectAs("lock holder");
    await blocker.query("begin; lock table rate_limits in access exclusive mode");
    const folder = path.join(work, "during-a-write");
    const making = backupDataDir(paths, folder);
    const watcher = await connectAs("watcher");
    for (let tries = 0; ; tries++) {
      const waiting = await watcher.query(
        "select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
        [`${APPLICATION_NAME}-backup`],
      );
      if (waiting.rowCount) break;
      if (tries > 200) throw new Error("pg_dump never waited for the lock");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await watcher.end();
    const later = randomUUID();
    writeFileSync(path.join(paths.uploadsDir, later), "%PDF-1.7\nadded while the backup ran");
    const [first] = await test.db.selectFrom("referral_documents").selectAll().orderBy("id").limit(1).execute();
    const { id: _id, ...copy } = first;
    const { id } = await test.db
      .insertInto("referral_documents")
      .values({ ...copy, file_path: later })
      .returning("id")
      .executeTakeFirstOrThrow();
    await blocker.query("commit");
    await blocker.end();
    try {
      expect(await making).toMatchObject({ documents: 2, missing: [] });
      expect(filesOf(path.join(folder, "uploads"))).toEqual(backedUp.uploads);
    } finally {
      await test.db.deleteFrom("referral_documents").where("id", "=", id).execute();
      rmSync(path.join(paths.uploadsDir, later));
    }
  });

  it("refuses to restore while the database is open (the server running), and changes nothing", async () => {
    const close = await openAsTheServer();
    try {
      await expect(restoreDataDir(paths, backup)).rejects.toThrow(
        onPostgres ? /in use: stop every instance of the server/ : /in use: stop the server/,
      );
    } finally {
      await close();
    }
    expect(restoreFolders()).toEqual([]);
    expect(await stateOf(paths)).toMatchObject({ rows: backedUp.rows, reports: backedUp.reports });
  });

  it("restores the backed-up state after records and files changed", async () => {
    // Changes after the backup: a row changed, a document deleted with its file, a user added,
    // a report's file overwritten.
    await test.db.updateTable("children").set({ first_name: "Changed" }).execute();
    const [gone] = backedUp.rows.referral_documents as Array<{ id: number; file_path: string }>;
    await test.db.deleteFrom("referral_documents").where("id", "=", gone.id).execute();
    rmSync(path.join(paths.uploadsDir, gone.file_path));
    await addPerson(test.db, "later@example.com");
    writeFileSync(path.join(paths.reportsDir, "referrals-1a2b3c4d.csv"), "changed");
    const changed = await stateOf(paths);
    expect(changed.rows).not.toEqual(backedUp.rows);
    await test.db.destroy();

    // Another program's connection (psql, say) does not stop a restore on PostgreSQL: only the application's do.
    const other = onPostgres ? await connectAs("psql") : null;
    const summary = await restoreDataDir(paths, backup, new Date("2026-11-21T22:30:00Z")).finally(() => other?.end());
    expect(summary).toMatchObject({ documents: 2, reports: 1, missing: [] });
    const restored = await stateOf(paths);
    expect(restored).toEqual(backedUp);
    if (!onPostgres) expect(integrityOf(paths.databaseFile)).toBe("ok");
    // The application opens it as it always does (SQLite: in WAL mode).
    const reopened = openDatabase(paths.database);
    expect((await reopened.selectFrom("children").select("first_name").execute()).map((row) => row.first_name)).toEqual(
      ["Lucía"],
    );
    await reopened.destroy();

    // What was replaced is kept aside whole: the database with the later user, the orphan upload.
    expect(summary.previous).toBe(path.join(test.dir, "before-restore-2026-11-21T22-30-00-000Z"));
    if (!onPostgres) expect(integrityOf(path.join(summary.previous!, "app.db"))).toBe("ok");
    expect(await rowsOfBackup(summary.previous!)).toEqual(changed.rows);
    expect(filesOf(path.join(summary.previous!, "uploads"))).toEqual(changed.uploads);
    expect(readdirSync(test.dir).some((name) => name.includes("incomplete"))).toBe(false);
  });

  it.skipIf(onPostgres)(
    "refuses a file that is not a SQLite database, a damaged one, and another program's, and changes nothing",
    async () => {
      const now = await stateOf(paths);
      const text = path.join(work, "notes.db");
      writeFileSync(text, "not a database at all, but long enough to have a header\n".repeat(10));
      await expect(restoreDataDir(paths, text)).rejects.toThrow(/not a SQLite database/);

      const damaged = path.join(work, "damaged.db");
      copyFileSync(path.join(backup, "app.db"), damaged);
      const sqlite = new SQLite(damaged, { readonly: true });
      const { rootpage } = sqlite
        .prepare("select rootpage from sqlite_master where name = 'referral_documents'")
        .get() as { rootpage: number };
      const pageSize = sqlite.pragma("page_size", { simple: true }) as number;
      sqlite.close();
      const fd = openSync(damaged, "r+");
      writeSync(fd, randomBytes(pageSize - 100), 0, pageSize - 100, (rootpage - 1) * pageSize + 100);
      closeSync(fd);
      await expect(restoreDataDir(paths, damaged)).rejects.toThrow(/fails SQLite's integrity check|is damaged/);

      const other = path.join(work, "other.db");
      const foreign = new SQLite(other);
      foreign.exec("create table notes (id integer primary key, text text); insert into notes (text) values ('hello')");
      foreign.close();
      await expect(restoreDataDir(paths, other)).rejects.toBeInstanceOf(BackupError);
      await expect(restoreDataDir(paths, other)).rejects.toThrow(/not this application's database/);

      await expect(restoreDataDir(paths, path.join(work, "nowhere"))).rejects.toThrow(/does not exist/);
      expect(await stateOf(paths)).toEqual(now);
      expect(readdirSync(test.dir).filter((name) => name.includes("incomplete"))).toEqual([]);
    },
  );

  it.skipIf(!onPostgres)(
    "refuses a file that is not a dump, a damaged dump, and another program's database, and changes nothing",
    async () => {
      const now = await stateOf(paths);
      const folders = restoreFolders();
      const text = path.join(work, "notes.dump");
      writeFileSync(text, "not a dump at all, but long enough to have a header\n".repeat(10));
      await expect(restoreDataDir(paths, text)).rejects.toThrow(/not a database dump made by npm run db:backup/);

      // Cut short at the end: its list of contents is whole, the last table's rows are not.
      const damaged = path.join(work, "damaged");
      cpSync(backup, damaged, { recursive: true });
      const dump = path.join(damaged, "database.dump");
      truncateSync(dump, statSync(dump).size - 64);
      await expect(restoreDataDir(paths, damaged)).rejects.toThrow(/database.dump is damaged/);

      const url = await createPostgresDatabase({ migrated: false });
      const foreign = await connectAs("notes", url);
      await foreign.query(
        "create table notes (id integer primary key, text text); insert into notes (id, text) values (1, 'hello')",
      );
      await foreign.end();
      const other = path.join(work, "other.dump");
      await dumpDatabase(url, other);
      await dropPostgresDatabase(url);
      await expect(restoreDataDir(paths, other)).rejects.toBeInstanceOf(BackupError);
      await expect(restoreDataDir(paths, other)).rejects.toThrow(
        /not this application's database \(it has no kysely_migration table\)/,
      );

      await expect(restoreDataDir(paths, path.join(work, "nowhere"))).rejects.toThrow(/does not exist/);
      expect(await stateOf(paths)).toEqual(now);
      expect(restoreFolders()).toEqual(folders);
    },
  );

  it("refuses a backup from a newer version of the application (a migration this code does not know), and changes nothing", async () => {
    const now = await stateOf(paths);
    const folders = restoreFolders();
    const newer = path.join(work, "newer");
    await backupChangedBy(
      newer,
      `insert into kysely_migration (name, "timestamp") values ('2099-01-01T00-from-the-future', '2099-01-01T00:00:00.000Z')`,
    );
    await expect(restoreDataDir(paths, newer)).rejects.toThrow(
      /comes from a newer version of the application \(migrations 2099-01-01T00-from-the-future\)/,
    );
    expect(await stateOf(paths)).toEqual(now);
    expect(restoreFolders()).toEqual(folders);
  });

  it.skipIf(!onPostgres)("leaves the database and the files as they were when a restore fails part-way", async () => {
    // A dump that passes every check but whose last statements fail here: a grant to a role this server no longer has.
    const granting = path.join(work, "granting");
    await backupChangedBy(granting, "create role reporting_reader; grant select on users to reporting_reader");
    const admin = await connectAs("backup test");
    await admin.query("drop role reporting_reader");
    // A change since the backup, which a restore that went part of the way would undo.
    await admin.query("update children set first_name = 'Changed since the backup'");
    const now = await stateOf(paths);
    const folders = restoreFolders();
    await expect(restoreDataDir(paths, granting)).rejects.toThrow(
      /could not be restored into .*, which was left as it was: .*role "reporting_reader" does not exist/,
    );
    expect(await stateOf(paths)).toEqual(now);
    expect(restoreFolders()).toEqual(folders);
    await admin.query("update children set first_name = 'Lucía'"); // as backed up, for the tests that follow
    await admin.end();
  });

  it("refuses a backup of the other kind of database, pointing at npm run db:copy, and changes nothing", async () => {
    const now = await stateOf(paths);
    const folders = restoreFolders();
    const other = path.join(work, "other-kind");
    if (onPostgres) {
      // A real SQLite backup, made from a SQLite data folder with DATABASE_URL unset.
      const dir = mkdtempSync(path.join(tmpdir(), "referral-test-"));
      const sqlite = loadConfig({ DATA_DIR: dir });
      const db = openDatabase(sqlite.databaseFile);
      await migrateToLatest(db);
      await db.destroy();
      await backupDataDir(sqlite, other);
      rmSync(dir, { recursive: true, force: true });
    } else {
      mkdirSync(other);
      writeFileSync(path.join(other, "database.dump"), Buffer.concat([Buffer.from("PGDMP"), randomBytes(200)]));
    }
    const message = onPostgres
      ? /is a backup of a SQLite database.*npm run db:copy/
      : /is a backup of a PostgreSQL database.*npm run db:copy/;
    await expect(restoreDataDir(paths, other)).rejects.toThrow(message);
    await expect(restoreDataDir(paths, path.join(other, onPostgres ? "app.db" : "database.dump"))).rejects.toThrow(
      message,
    );
    expect(await stateOf(paths)).toEqual(now);
    expect(restoreFolders()).toEqual(folders);
  });

  it("works as the documented commands, npm run db:backup and db:restore, with DATA_DIR (and DATABASE_URL)", async () => {
    const env = { ...process.env, ...test.env };
    const second = path.join(work, "second");
    const made = await run(tsx, ["db/backup.ts", second], { cwd: root, env });
    expect(made.stdout).toContain("the database, 2 document(s), 1 report(s)");
    expect(await rowsOfBackup(second)).toEqual(backedUp.rows);

    const close = await openAsTheServer();
    try {
      await expect(run(tsx, ["db/restore.ts", second], { cwd: root, env })).rejects.toMatchObject({
        stderr: expect.stringMatching(/^Restore refused: .* is in use: stop/),
      });
    } finally {
      await close();
    }
    const restored = await run(tsx, ["db/restore.ts", second], { cwd: root, env });
    expect(restored.stdout).toContain("Restored");
    expect(await stateOf(paths)).toEqual(backedUp);
  }, 30_000);

  it("gives PostgreSQL's programs the password in their environment, never on their command line", () => {
    const { dbname, env } = clientConnection(
      "postgres://referrals:s%40cret@db.example.org:5432/referrals?sslmode=require",
      "backup",
    );
    expect(dbname).toBe("postgres://referrals@db.example.org:5432/referrals?sslmode=require");
    expect(env).toMatchObject({ PGPASSWORD: "s@cret", PGAPPNAME: `${APPLICATION_NAME}-backup` });
  });

  it.skipIf(!onPostgres)(
    "says how to install pg_dump when it cannot find it",
    async () => {
      const nowhere = mkdtempSync(path.join(tmpdir(), "referral-no-programs-"));
      const env = { ...process.env, ...test.env, PG_BIN: nowhere, PATH: nowhere };
      const cli = path.join(root, "node_modules/tsx/dist/cli.mjs");
      await expect(
        run(process.execPath, [cli, "db/backup.ts", path.join(work, "without-pg-dump")], { cwd: root, env }),
      ).rejects.toMatchObject({
        stderr: expect.stringMatching(
          /^Backup refused: pg_dump, one of PostgreSQL's client programs, was not found .*apt-get install postgresql-client/,
        ),
      });
      rmSync(nowhere, { recursive: true });
    },
    30_000,
  );

  it.skipIf(onPostgres)(
    "restores a folder whose database a crashed program left with its write-ahead log, and a restore is undone from the folder it moved aside",
    async () => {
      const before = await stateOf(paths);
      const source = path.join(work, "crashed");
      cpSync(backup, source, { recursive: true });
      // A process that writes, then dies at once: its last change is in app.db-wal only.
      const file = path.join(source, "app.db");
      const crash = `const D = require("better-sqlite3"); const db = new D(${JSON.stringify(file)}); db.pragma("journal_mode = WAL");
      db.prepare("insert into users (email, username, password_hash, first_name, last_name, enabled) values ('crashed@example.com', 'crashed@example.com', 'x', 'C', 'D', 1)").run();
      process.kill(process.pid, "SIGKILL");`;
      await run(process.execPath, ["-e", crash], { cwd: root }).catch(() => undefined);
      expect(readFileSync(`${file}-wal`).length).toBeGreaterThan(0);

      const summary = await restoreDataDir(paths, source);
      const restored = await stateOf(paths);
      expect((restored.rows.users as Array<{ email: string }>).map((user) => user.email)).toContain(
        "crashed@example.com",
      );
      expect(restored.uploads).toEqual(backedUp.uploads);
      expect(integrityOf(paths.databaseFile)).toBe("ok");

      await restoreDataDir(paths, summary.previous!);
      expect(await stateOf(paths)).toEqual(before);
    },
  );

  it("restores an older backup over what a later version added (a table that refers to users), and the folder it moved aside undoes the restore", async () => {
    const tableNames = async () => {
      const db = openDatabase(paths.database);
      try {
        return (await readTables(db)).map((table) => table.name);
      } finally {
        await db.destroy();
      }
    };
    const db = openDatabase(paths.database);
    await sql`create table later_things (id integer primary key, user_id integer references users (id))`.execute(db);
    await sql`insert into later_things (id, user_id) select 1, min(id) from users`.execute(db);
    await db.destroy();
    const before = await stateOf(paths);

    const summary = await restoreDataDir(paths, backup);
    expect(await stateOf(paths)).toEqual(backedUp);
    expect(await tableNames()).not.toContain("later_things");

    await restoreDataDir(paths, summary.previous!);
    expect(await stateOf(paths)).toEqual(before);
    expect(await tableNames()).toContain("later_things");
  });
});
