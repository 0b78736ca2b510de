import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  closeSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { getConfig } from "../app/config.server";
import { describeDatabase } from "../app/db.server";
import { keepDatabaseFilePrivate } from "../app/utils/files.server";
import { backupPostgresInto } from "./backup-postgres";
import type { Dialect } from "./dialect";
import { migrationProvider } from "./migrations";
import { runAsCommand } from "./command";

// `npm run db:backup -- <folder>`: a copy of what the service needs to run again, made while it
// runs. The database comes through SQLite's online backup, or pg_dump when DATABASE_URL names a
// PostgreSQL database (db/backup-postgres.ts): either way a consistent snapshot even mid-write.
// Then the uploaded documents and kept reports that the snapshot names are copied beside it. Files
// no row names (an upload or a report cut short) are left out, so a backup never holds half a file.

/**
 * The folders and file of a data folder, as the application finds them (app/config.server.ts), and the PostgreSQL
 * database when there is one.
 */
export interface DataPaths {
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
  reportsDir: string;
  DATABASE_URL?: string;
}

/** The documents (stored name and size) and reports a database names. */
export interface NamedFiles {
  documents: Array<{ name: string; size: number }>;
  reports: string[];
}

export interface BackupSummary {
  folder: string;
  documents: number;
  reports: number;
  /** Files the database names that were not in the data folder (deleted while the backup ran). */
  missing: string[];
}

/** A backup that cannot be made or restored; its message is for the administrator. */
export class BackupError extends Error {
  name = "BackupError";
}

const SQLITE_HEADER = "SQLite format 3\0";

/** Whether a file starts with `header` (what `file` looks at to tell a file's kind). */
export function startsWith(file: string, header: string): boolean {
  const head = Buffer.alloc(header.length);
  const fd = openSync(file, "r");
  try {
    return readSync(fd, head, 0, head.length, 0) === head.length && head.toString("latin1") === header;
  } finally {
    closeSync(fd);
  }
}

/** Whether a file starts like a SQLite database (what `file` and SQLite itself look at). */
export function looksLikeSqlite(file: string): boolean {
  return startsWith(file, SQLITE_HEADER);
}

/** The tables every version of the application's database has. */
export const REQUIRED_TABLES = ["kysely_migration", "users", "referrals", "referral_documents", "generated_reports"];

/** The applied migrations this code does not know: a newer version's. */
export async function unknownMigrations(applied: string[]): Promise<string[]> {
  const known = new Set(Object.keys(await migrationProvider.getMigrations()));
  return applied.filter((name) => !known.has(name));
}

/**
 * Refuses a database that is not whole or not this application's: SQLite's own integrity check,
 * then the tables every version has, then no migration newer than this code knows (an older one
 * is brought up to date by `npm start`).
 */
export async function checkDatabase(file: string): Promise<void> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file} is not a file`);
  if (!looksLikeSqlite(file)) throw new BackupError(`${file} is not a SQLite database`);
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened: ${(error as Error).message}`);
  }
  try {
    let problems: string[];
    try {
      problems = (sqlite.pragma("integrity_check") as Array<{ integrity_check: string }>).map(
        (row) => row.integrity_check,
      );
    } catch (error) {
      throw new BackupError(`${file} is damaged: ${(error as Error).message}`);
    }
    if (problems.join() !== "ok")
      throw new BackupError(`${file} fails SQLite's integrity check:\n  ${problems.slice(0, 10).join("\n  ")}`);
    const tables = new Set(
      (sqlite.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map(
        (row) => row.name,
      ),
    );
    for (const table of REQUIRED_TABLES) {
      if (!tables.has(table))
        throw new BackupError(`${file} is not this application's database (it has no ${table} table)`);
    }
    const unknown = await unknownMigrations(
      (sqlite.prepare("select name from kysely_migration").all() as Array<{ name: string }>).map((row) => row.name),
    );
    if (unknown.length)
      throw new BackupError(
        `${file} comes from a newer version of the application (migrations ${unknown.join(", ")}): restore it with that version`,
      );
  } finally {
    sqlite.close();
  }
}

/** The stored names of the documents and reports a SQLite database names. */
export function filesNamedBy(file: string): NamedFiles {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const documents = (
      sqlite
        .prepare("select file_path as name, size_bytes as size from referral_documents order by id")
        .all() as Array<{ name: string; size: number }>
    ).filter((row) => isPlainName(row.name));
    const reports = (
      sqlite.prepare("select file_name as name from generated_reports order by id").all() as Array<{ name: string }>
    )
      .map((row) => row.name)
      .filter(isPlainName);
    return { documents, reports };
  } finally {
    sqlite.close();
  }
}

/** A name that stays inside its folder (a stored name never has a folder in it; this makes sure). */
export function isPlainName(name: string): boolean {
  return Boolean(name) && path.basename(name) === name && name !== "." && name !== "..";
}

/** Copies the named files that exist; returns the names that did not. */
export function copyNamedFiles(names: string[], from: string, to: string): string[] {
  mkdirSync(to, { recursive: true });
  const missing: string[] = [];
  for (const name of names) {
    try {
      copyFileSync(path.join(from, name), path.join(to, name), constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      missing.push(name);
    }
  }
  return missing;
}

/** A sibling folder to build in, renamed to its real name only once it is whole. */
export function stagingFolderFor(target: string): string {
  return `${target}.incomplete-${randomBytes(4).toString("hex")}`;
}

/** Copies the SQLite database into `folder` (app.db) and checks the copy; the files it names. */
async function backupSqliteInto(databaseFile: string, folder: string): Promise<NamedFiles> {
  const copy = path.join(folder, "app.db");
  const live = new SQLite(databaseFile, { fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    keepDatabaseFilePrivate(copy);
    await live.backup(copy);
  } finally {
    live.close();
  }
  // One self-contained file (no write-ahead log beside it), whatever mode the live one is in.
  const written = new SQLite(copy, { fileMustExist: true });
  written.pragma("journal_mode = DELETE");
  written.close();
  await checkDatabase(copy);
  return filesNamedBy(copy);
}

/** What backup.json says. */
interface BackupRecord {
  database: Dialect;
  createdAt: string;
  documents: number;
  reports: number;
  missing: string[];
}

/**
 * Makes `target` (a new folder, or an empty one): the database (app.db for SQLite, database.dump
 * for PostgreSQL), uploads/ and reports/. Built in a sibling folder and renamed at the end, so a
 * backup stopped part-way never looks finished.
 */
export async function backupDataDir(paths: DataPaths, target: string, now = new Date()): Promise<BackupSummary> {
  const folder = path.resolve(target);
  if (existsSync(folder) && (!statSync(folder).isDirectory() || readdirSync(folder).length)) {
    throw new BackupError(
      `${folder} already exists and is not an empty folder: choose a new one (a backup never overwrites another)`,
    );
  }
  const inside = path.relative(paths.dataDir, folder);
  if (!inside.startsWith("..") && !path.isAbsolute(inside))
    throw new BackupError(`${folder} is inside the data folder: keep backups elsewhere`);
  if (!paths.DATABASE_URL && !existsSync(paths.databaseFile))
    throw new BackupError(`There is no database at ${paths.databaseFile}: check DATA_DIR`);

  const staging = stagingFolderFor(folder);
  mkdirSync(staging, { recursive: true });
  try {
    const named = paths.DATABASE_URL
      ? await backupPostgresInto(paths.DATABASE_URL, staging)
      : await backupSqliteInto(paths.databaseFile, staging);
    const missing = [
      ...copyNamedFiles(
        named.documents.map((document) => document.name),
        paths.uploadsDir,
        path.join(staging, "uploads"),
      ).map((name) => `uploads/${name}`),
      ...copyNamedFiles(named.reports, paths.reportsDir, path.join(staging, "reports")).map(
        (name) => `reports/${name}`,
      ),
    ];
    const record: BackupRecord = {
      database: paths.DATABASE_URL ? "postgres" : "sqlite",
      createdAt: now.toISOString(),
      documents: named.documents.length,
      reports: named.reports.length,
      missing,
    };
    writeFileSync(path.join(staging, "backup.json"), JSON.stringify(record, null, 2) + "\n");
    if (existsSync(folder)) rmSync(folder, { recursive: true });
    renameSync(staging, folder);
    return { folder, documents: record.documents, reports: record.reports, missing };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

async function main() {
  const target = process.argv[2];
  if (!target || target.startsWith("-")) {
    console.error(
      "Usage: npm run db:backup -- <new folder>   (the data folder comes from DATA_DIR, default ./data, and the database from DATABASE_URL when set)",
    );
    process.exit(2);
  }
  const config = getConfig();
  const summary = await backupDataDir(config, target);
  const source = config.DATABASE_URL
    ? `${describeDatabase(config.DATABASE_URL)} and ${config.dataDir}`
    : config.dataDir;
  console.log(
    `Backed up ${source} to ${summary.folder}: the database, ${summary.documents} document(s), ${summary.reports} report(s)`,
  );
  if (summary.missing.length) {
    console.warn(
      `Warning: ${summary.missing.length} file(s) named by the database were not found (removed while the backup ran?):\n  ${summary.missing.join("\n  ")}`,
    );
  }
}

runAsCommand(import.meta, main, (error) => (error instanceof BackupError ? `Backup refused: ${error.message}` : error));
