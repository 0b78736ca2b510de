import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { getConfig } from "../app/config.server";
import { describeDatabase } from "../app/db.server";
import {
  BackupError,
  checkDatabase,
  copyNamedFiles,
  filesNamedBy,
  looksLikeSqlite,
  stagingFolderFor,
  startsWith,
  type DataPaths,
  type NamedFiles,
} from "./backup";
import { DUMP_FILE, DUMP_HEADER } from "./backup-postgres";
import type { Dialect } from "./dialect";
import { restorePostgres } from "./restore-postgres";
import { runAsCommand } from "./command";

// `npm run db:restore -- <backup folder>` with the server stopped: puts a backup made by
// `npm run db:backup` in place of the data folder's database, uploads and reports. The backup is
// checked (a SQLite database of this application that passes integrity_check) and copied into the
// data folder before anything is replaced; what it replaces is moved aside, never deleted. With
// DATABASE_URL set, the same for a PostgreSQL database and its dump (db/restore-postgres.ts).

export interface RestoreSummary {
  /** Where the replaced database and folders were moved, or null when there was nothing to replace. */
  previous: string | null;
  documents: number;
  reports: number;
  /** Files the backup's database names that the backup folder lacks (or holds at another size). */
  missing: string[];
}

/**
 * Whether another connection has the database open (the server holds one for as long as it runs).
 * An exclusive lock is refused while any other connection is open on a database in WAL mode.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const sqlite = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    sqlite.pragma("locking_mode = EXCLUSIVE");
    sqlite.exec("BEGIN EXCLUSIVE; COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY" || (error as { code?: string }).code === "SQLITE_LOCKED")
      return true;
    throw error;
  } finally {
    sqlite.close();
  }
}

/** SQLite's own errors on the backup's database (a damaged file) become a refusal. */
function refusal(error: unknown): never {
  if (error instanceof SQLite.SqliteError)
    throw new BackupError(`the backup's database cannot be read: ${error.message}`);
  throw error;
}

function refuseWhileInUse(paths: DataPaths) {
  if (databaseInUse(paths.databaseFile)) {
    throw new BackupError(
      `${paths.databaseFile} is in use: stop the server (and any other program using the data folder), then restore`,
    );
  }
}

export function timestamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

/** Which database a backup (a folder, or a database file alone) holds, told by its files; null when neither. */
function backupKindOf(from: string): Dialect | null {
  if (statSync(from).isDirectory()) {
    if (existsSync(path.join(from, DUMP_FILE))) return "postgres";
    return existsSync(path.join(from, "app.db")) ? "sqlite" : null;
  }
  if (looksLikeSqlite(from)) return "sqlite";
  return startsWith(from, DUMP_HEADER) ? "postgres" : null;
}

/** A backup goes back into the kind of database it was made from; npm run db:copy moves data between the two. */
function refuseOtherKind(paths: DataPaths, from: string) {
  const kind = backupKindOf(from);
  if (kind === "sqlite" && paths.DATABASE_URL) {
    throw new BackupError(
      `${from} is a backup of a SQLite database, and DATABASE_URL names a PostgreSQL one: a backup is restored into the kind of database it was made from. ` +
        "Restore it with DATABASE_URL unset, then move the data to PostgreSQL with npm run db:copy",
    );
  }
  if (kind === "postgres" && !paths.DATABASE_URL) {
    throw new BackupError(
      `${from} is a backup of a PostgreSQL database, and DATABASE_URL is unset (the database is SQLite): a backup is restored into the kind of database it was made from. ` +
        "Restore it with DATABASE_URL set to a PostgreSQL database, then move the data to SQLite with npm run db:copy",
    );
  }
}

/**
 * Copies the files a backup folder's database names into `staging` (uploads/, reports/); returns
 * those the backup lacks, or holds at another size than the database says.
 */
export function stageNamedFiles(named: NamedFiles, from: string, staging: string): string[] {
  const missing: string[] = [];
  const uploads = path.join(from, "uploads");
  const present = named.documents.filter((document) => {
    const file = path.join(uploads, document.name);
    const ok = existsSync(file) && statSync(file).size === document.size;
    if (!ok) missing.push(`uploads/${document.name}`);
    return ok;
  });
  copyNamedFiles(
    present.map((document) => document.name),
    uploads,
    path.join(staging, "uploads"),
  );
  missing.push(
    ...copyNamedFiles(named.reports, path.join(from, "reports"), path.join(staging, "reports")).map(
      (name) => `reports/${name}`,
    ),
  );
  return missing;
}

/** Renames that a failed restore puts back, newest first, so that it leaves the data folder as it was. */
export class Renames {
  private done: Array<[from: string, to: string]> = [];

  move(from: string, to: string) {
    renameSync(from, to);
    this.done.push([from, to]);
  }

  /** Whether everything went back. */
  undo(): boolean {
    let undone = true;
    for (const [from, to] of this.done.reverse()) {
      try {
        renameSync(to, from);
      } catch (error) {
        console.error(`Could not move ${to} back to ${from}:`, error);
        undone = false;
      }
    }
    this.done = [];
    return undone;
  }
}

/**
 * Moves uploads/ and reports/ into `previous`, and the staged ones into their place (empty ones when the backup has
 * none).
 */
export function swapFileFolders(paths: DataPaths, staging: string, previous: string, renames: Renames) {
  for (const dir of [paths.uploadsDir, paths.reportsDir])
    if (existsSync(dir)) renames.move(dir, path.join(previous, path.basename(dir)));
  for (const dir of [paths.uploadsDir, paths.reportsDir]) {
    const incoming = path.join(staging, path.basename(dir));
    if (existsSync(incoming)) renames.move(incoming, dir);
    else mkdirSync(dir, { recursive: true });
  }
}

/** Replaces the data folder's database (and, from a backup folder, its uploads and reports) with the backup's. */
export async function restoreDataDir(paths: DataPaths, source: string, now = new Date()): Promise<RestoreSummary> {
  const from = path.resolve(source);
  if (!existsSync(from)) throw new BackupError(`${from} does not exist`);
  refuseOtherKind(paths, from);
  if (paths.DATABASE_URL) return restorePostgres(paths, paths.DATABASE_URL, from, now);
  const isFolder = statSync(from).isDirectory();
  const databaseFile = isFolder ? path.join(from, "app.db") : from;
  if (!existsSync(databaseFile))
    throw new BackupError(`${from} holds no app.db: give the folder that npm run db:backup made`);
  if (!looksLikeSqlite(databaseFile)) throw new BackupError(`${databaseFile} is not a SQLite database`);
  // A write-ahead log beside it holds the last changes of a database a program had open (the
  // folder a restore moved aside after a crash, say): it is read through SQLite, never copied
  // without its log, and never while that program still has it open.
  const withLog = existsSync(`${databaseFile}-wal`) && statSync(`${databaseFile}-wal`).size > 0;
  let inUse = false;
  try {
    inUse = withLog && databaseInUse(databaseFile);
  } catch (error) {
    refusal(error);
  }
  if (inUse) {
    throw new BackupError(
      `${databaseFile} is in use by another program: make a backup of it with npm run db:backup and restore that`,
    );
  }
  refuseWhileInUse(paths);

  // Everything is copied and checked inside the data folder first (the same disk, so the swap
  // below is a few renames). The backup is only read (one with a log is brought up to date by
  // SQLite as it opens it, as the server would).
  mkdirSync(paths.dataDir, { recursive: true });
  const staging = stagingFolderFor(path.join(paths.dataDir, "restore"));
  mkdirSync(staging);
  const staged = path.join(staging, "app.db");
  const renames = new Renames();
  try {
    if (withLog) {
      try {
        const sqlite = new SQLite(databaseFile, { fileMustExist: true });
        try {
          await sqlite.backup(staged);
        } finally {
          sqlite.close();
        }
      } catch (error) {
        refusal(error);
      }
    } else {
      copyFileSync(databaseFile, staged);
    }
    await checkDatabase(staged);
    const named = filesNamedBy(staged);
    const missing = isFolder ? stageNamedFiles(named, from, staging) : [];
    const sqlite = new SQLite(staged, { fileMustExist: true });
    sqlite.pragma("journal_mode = WAL");
    sqlite.close();

    // Checked again just before the swap: the server may have been started meanwhile.
    refuseWhileInUse(paths);
    const previous = path.join(paths.dataDir, `before-restore-${timestamp(now)}`);
    mkdirSync(previous);
    // The database with its write-ahead log and index: together they are the last state.
    for (const suffix of ["", "-wal", "-shm"]) {
      if (existsSync(paths.databaseFile + suffix))
        renames.move(paths.databaseFile + suffix, path.join(previous, path.basename(paths.databaseFile) + suffix));
    }
    renames.move(staged, paths.databaseFile);
    if (isFolder) swapFileFolders(paths, staging, previous, renames);
    rmSync(staging, { recursive: true, force: true });
    const kept = readdirSync(previous).length > 0;
    if (!kept) rmdirSync(previous);
    return {
      previous: kept ? previous : null,
      documents: isFolder ? named.documents.length : 0,
      reports: isFolder ? named.reports.length : 0,
      missing,
    };
  } catch (error) {
    renames.undo();
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

async function main() {
  const source = process.argv[2];
  if (!source || source.startsWith("-")) {
    console.error(
      "Usage: npm run db:restore -- <backup folder>   (with every instance of the server stopped; the data folder comes from DATA_DIR, default ./data, and the database from DATABASE_URL when set)",
    );
    process.exit(2);
  }
  const config = getConfig();
  const summary = await restoreDataDir(config, source);
  const into = config.DATABASE_URL ? `${describeDatabase(config.DATABASE_URL)} and ${config.dataDir}` : config.dataDir;
  console.log(
    `Restored ${path.resolve(source)} into ${into}: the database, ${summary.documents} document(s), ${summary.reports} report(s)`,
  );
  if (summary.previous) {
    console.log(
      `What it replaced is kept in ${summary.previous} (restore that folder to undo; delete it once the restored service is checked)`,
    );
  }
  if (summary.missing.length) {
    console.warn(
      `Warning: ${summary.missing.length} file(s) named by the backup's database are missing from it or damaged; their downloads will answer "not found":\n  ${summary.missing.join("\n  ")}`,
    );
  }
  console.log(
    "Start the server again (npm start): it brings the database up to date if the backup is from an older version.",
  );
}

runAsCommand(import.meta, main, (error) =>
  error instanceof BackupError ? `Restore refused: ${error.message}` : error,
);
