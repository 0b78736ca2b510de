import SQLite from "better-sqlite3";
import { Kysely, sql, SqliteDialect } from "kysely";
import type { Database } from "../db/schema";
import { getConfig } from "./config.server";
import { singleton } from "./utils/singleton.server";

export type DB = Kysely<Database>;

/**
 * Opens the SQLite file with the settings every connection needs.
 * WAL lets readers go on while one writer commits. synchronous=NORMAL is durable against a
 * crash of the process (a SIGKILL mid-request loses nothing committed) and keeps the file
 * consistent on power loss; only FULL would also keep the last commits through a power cut,
 * at the price of an fsync on every write, which the wizard's many small saves would feel.
 */
export function openDatabase(file: string): DB {
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Table statistics for the query planner, refreshed when stale (cheap: SQLite decides what to
  // analyze). Without them it may sort a whole table where an index would give a list's first page.
  try {
    sqlite.pragma("optimize = 0x10002");
  } catch {
    // Another process holds the write lock (a long migration or seed): the statistics can wait.
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
}

/** Enough for every query the pages and the API make, with room for the lists' many sorts and filters. */
const STATEMENTS_KEPT = 500;

/**
 * Kysely prepares each query's SQL again on every call; SQLite's compiling then costs more than
 * running the small queries a page makes. The statements are kept by their SQL text (the newest
 * used last, the oldest dropped past STATEMENTS_KEPT). One still being read by a streamed export
 * (busy) is not shared: the caller gets a fresh one.
 */
function keepingStatements(sqlite: SQLite.Database) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const statement = kept.get(text);
      if (statement && !statement.busy) {
        kept.delete(text);
        kept.set(text, statement);
        return statement;
      }
      const fresh = sqlite.prepare(text);
      if (!statement) {
        kept.set(text, fresh);
        if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      }
      return fresh;
    },
  };
}

/** The server's connection lives long: its statistics are refreshed every hour (SQLite's advice). */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

export function getDb(): DB {
  return singleton("db", () => {
    const db = openDatabase(getConfig().databaseFile);
    setInterval(() => void sql`pragma optimize`.execute(db).catch(() => undefined), OPTIMIZE_EVERY_MS).unref();
    return db;
  });
}

/**
 * A transaction that reads and then writes. It takes the write lock at BEGIN (IMMEDIATE), so
 * it waits its turn behind another process's writer (busy_timeout) instead of failing with
 * "database is locked" when its reads turn out to be stale at the first write.
 */
export async function writeTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
