import { execFile } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../app/config.server";
import { openDatabase } from "../app/db.server";
import { createChild, startReferral } from "../app/models/child.server";
import { addDocument } from "../app/models/document.server";
import { addPerson } from "../app/test/people";
import { backupDataDir, BackupError } from "./backup";
import { restoreDataDir } from "./restore";
import { createTestDatabase, type TestDatabase } from "./testing";

// Backup and restore against a real data folder: a migrated SQLite file with records, uploaded
// documents and a kept report; backed up while the database is open, changed, then restored.

const TABLES = ["users", "user_roles", "children", "referrals", "referral_documents", "generated_reports", "sessions"] as const;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let test: TestDatabase;
let paths: Config;
let work: string;
let backup: string;

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Every row of the tables that hold what people entered, in a stable order. */
function rowsOf(file: string): Record<string, unknown[]> {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return Object.fromEntries(TABLES.map((table) => [table, sqlite.prepare(`select * from ${table} order by rowid`).all()]));
  } finally {
    sqlite.close();
  }
}

function integrityOf(file: string): string {
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    return (sqlite.pragma("integrity_check") as Array<{ integrity_check: string }>).map((row) => row.integrity_check).join("\n");
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
function stateOf(config: Config) {
  return { rows: rowsOf(config.databaseFile), uploads: filesOf(config.uploadsDir), reports: filesOf(config.reportsDir) };
}

let backedUp: ReturnType<typeof stateOf>;
let orphan: string;

beforeAll(async () => {
  test = await createTestDatabase();
  paths = loadConfig({ DATA_DIR: test.dir });
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
    const before = stateOf(paths);
    delete before.uploads[orphan];
    expect(Object.keys(before.uploads)).toHaveLength(2);
    expect(before.rows.referral_documents).toHaveLength(2);

    const summary = await backupDataDir(paths, backup);
    expect(summary).toMatchObject({ folder: backup, documents: 2, reports: 1, missing: [] });
    expect(readdirSync(work)).toEqual(["backup"]); // the staging folder was renamed, not left beside it
    expect(readdirSync(backup).sort()).toEqual(["app.db", "backup.json", "reports", "uploads"]);
    expect(integrityOf(path.join(backup, "app.db"))).toBe("ok");
    expect(rowsOf(path.join(backup, "app.db"))).toEqual(before.rows);
    expect(filesOf(path.join(backup, "uploads"))).toEqual(before.uploads);
    expect(filesOf(path.join(backup, "reports"))).toEqual(before.reports);
    backedUp = before;
  });

  it("never writes over an earlier backup, nor into the data folder", async () => {
    await expect(backupDataDir(paths, backup)).rejects.toThrow(/already exists/);
    await expect(backupDataDir(paths, path.join(test.dir, "inside"))).rejects.toThrow(/inside the data folder/);
  });

  it("refuses to restore while the database is open (the server running), and changes nothing", async () => {
    await expect(restoreDataDir(paths, backup)).rejects.toThrow(/in use: stop the server/);
    expect(readdirSync(test.dir).filter((name) => name.startsWith("before-restore") || name.includes("incomplete"))).toEqual([]);
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
    const changed = stateOf(paths);
    expect(changed.rows).not.toEqual(backedUp.rows);
    await test.db.destroy();

    const summary = await restoreDataDir(paths, backup, new Date("2026-11-21T22:30:00Z"));
    expect(summary).toMatchObject({ documents: 2, reports: 1, missing: [] });
    const restored = stateOf(paths);
    expect(restored).toEqual(backedUp);
    expect(integrityOf(paths.databaseFile)).toBe("ok");
    // The application opens it as it always does, in WAL mode.
    const reopened = openDatabase(paths.databaseFile);
    expect((await reopened.selectFrom("children").select("first_name").execute()).map((row) => row.first_name)).toEqual(["Lucía"]);
    await reopened.destroy();

    // What was replaced is kept aside whole: the database with the later user, the orphan upload.
    expect(summary.previous).toBe(path.join(test.dir, "before-restore-2026-11-21T22-30-00-000Z"));
    const previousDb = path.join(summary.previous!, "app.db");
    expect(integrityOf(previousDb)).toBe("ok");
    expect(rowsOf(previousDb)).toEqual(changed.rows);
    expect(filesOf(path.join(summary.previous!, "uploads"))).toEqual(changed.uploads);
    expect(readdirSync(test.dir).some((name) => name.includes("incomplete"))).toBe(false);
  });

  it("refuses a file that is not a SQLite database, a damaged one, and another program's, and changes nothing", async () => {
    const now = stateOf(paths);
    const text = path.join(work, "notes.db");
    writeFileSync(text, "not a database at all, but long enough to have a header\n".repeat(10));
    await expect(restoreDataDir(paths, text)).rejects.toThrow(/not a SQLite database/);

    const damaged = path.join(work, "damaged.db");
    copyFileSync(path.join(backup, "app.db"), damaged);
    const sqlite = new SQLite(damaged, { readonly: true });
    const { rootpage } = sqlite.prepare("select rootpage from sqlite_master where name = 'referral_documents'").get() as { rootpage: number };
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
    expect(stateOf(paths)).toEqual(now);
    expect(readdirSync(test.dir).filter((name) => name.includes("incomplete"))).toEqual([]);
  });

  it("works as the documented commands, npm run db:backup and db:restore, with DATA_DIR", async () => {
    const run = promisify(execFile);
    const tsx = path.join(root, "node_modules/.bin/tsx");
    const env = { ...process.env, DATA_DIR: test.dir };
    const second = path.join(work, "second");
    const made = await run(tsx, ["db/backup.ts", second], { cwd: root, env });
    expect(made.stdout).toContain("the database, 2 document(s), 1 report(s)");
    expect(rowsOf(path.join(second, "app.db"))).toEqual(backedUp.rows);

    const restored = await run(tsx, ["db/restore.ts", second], { cwd: root, env });
    expect(restored.stdout).toContain("Restored");
    expect(stateOf(paths)).toEqual(backedUp);
  }, 30_000);

  it("restores a folder whose database a crashed program left with its write-ahead log, and a restore is undone from the folder it moved aside", async () => {
    const before = stateOf(paths);
    const source = path.join(work, "crashed");
    cpSync(backup, source, { recursive: true });
    // A process that writes, then dies at once: its last change is in app.db-wal only.
    const file = path.join(source, "app.db");
    const crash = `const D = require("better-sqlite3"); const db = new D(${JSON.stringify(file)}); db.pragma("journal_mode = WAL");
      db.prepare("insert into users (email, username, password_hash, first_name, last_name, enabled) values ('crashed@example.com', 'crashed@example.com', 'x', 'C', 'D', 1)").run();
      process.kill(process.pid, "SIGKILL");`;
    await promisify(execFile)(process.execPath, ["-e", crash], { cwd: root }).catch(() => undefined);
    expect(readFileSync(`${file}-wal`).length).toBeGreaterThan(0);

    const summary = await restoreDataDir(paths, source);
    const restored = stateOf(paths);
    expect((restored.rows.users as Array<{ email: string }>).map((user) => user.email)).toContain("crashed@example.com");
    expect(restored.uploads).toEqual(backedUp.uploads);
    expect(integrityOf(paths.databaseFile)).toBe("ok");

    await restoreDataDir(paths, summary.previous!);
    expect(stateOf(paths)).toEqual(before);
  });
});
