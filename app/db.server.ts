import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, SqliteDialect, type LogEvent } from "kysely";
import pg from "pg";
import Cursor from "pg-cursor";
import {
  dialectOf,
  FOLD_FUNCTION,
  foldCase,
  WithoutNulCharacters,
  writeOneAtATime,
  type WriteLock,
} from "../db/dialect";
import type { Database } from "../db/schema";
import { getConfig } from "./config.server";
import { log } from "./services/log.server";
import { observeQuery, watchPool } from "./services/metrics.server";
import { keepDatabaseFilePrivate } from "./utils/files.server";
import { singleton } from "./utils/singleton.server";

export type DB = Kysely<Database>;
export {
  containsText,
  countMatching,
  dialectOf,
  emptiesAsOnSqlite,
  holdKey,
  holdRows,
  isDatabaseBusy,
  isForeignKeyViolation,
  isUniqueViolation,
  pagesOf,
  writeTransaction,
} from "../db/dialect";

/** How every PostgreSQL connection of the application names itself (restore refuses while one is open). */
export const APPLICATION_NAME = "md-early-intervention-referral";

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//.test(target);

/**
 * PostgreSQL timeouts in ms, so one stuck request never blocks the rest (R135). Tools (migrate, seed, copy, backup)
 * set none: their work is long.
 */
export interface PostgresTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

export interface DatabaseOptions {
  /** PostgreSQL: connections kept open (DATABASE_POOL_SIZE). */
  poolSize?: number;
  timeouts?: PostgresTimeouts;
  /** PostgreSQL: how write transactions keep their rules (DATABASE_WRITE_LOCK; db/dialect.ts writeTransaction). */
  writeLock?: WriteLock;
}

export function openDatabase(
  target: string,
  { poolSize = 10, timeouts, writeLock = "rows" }: DatabaseOptions = {},
): DB {
  if (!isPostgresUrl(target)) return openSqlite(target);
  const db = openPostgres(target, poolSize, timeouts);
  if (writeLock === "database") writeOneAtATime(db);
  return db;
}

/** PostgreSQL counts (bigint) and sums (numeric) come back as numbers, as SQLite's do, not as text. */
const NUMBER_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    NUMBER_TYPES.has(oid)
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function openPostgres(url: string, poolSize: number, timeouts: PostgresTimeouts | undefined): DB {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: APPLICATION_NAME,
    types,
    connectionTimeoutMillis: 10_000,
    ...(timeouts && {
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    }),
  });
  // A connection the server ends (a restart, a fail-over) is dropped from the pool; the next query opens another.
  pool.on("error", (error) => log.error(`PostgreSQL: a pooled connection failed: ${error.message}`));
  watchPool(pool);
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool, cursor: Cursor }),
    plugins: [new WithoutNulCharacters()],
    log: timeQuery,
  });
}

/** Each query's time, by its kind, into /metrics (docs/operations.md); never its text or values. */
function timeQuery(event: LogEvent) {
  observeQuery(event.query.query.kind, event.level === "error", event.queryDurationMillis);
}

/** The database's address for a message: the password never shown. */
export function describeDatabase(target: string): string {
  if (!isPostgresUrl(target)) return target;
  try {
    const url = new URL(target);
    if (url.password) url.password = "hidden";
    return url.toString();
  } catch {
    return "DATABASE_URL";
  }
}

/** The driver's words, or its code when it has none (a refused connection to several addresses). */
export function whyNoAnswer(error: unknown): string {
  return error instanceof Error ? error.message || String((error as { code?: string }).code ?? error) : String(error);
}

/** Fails the start with a message naming DATABASE_URL when the database cannot be reached. */
export async function checkDatabase(db: DB, target: string): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    if (!isPostgresUrl(target)) throw error;
    throw new Error(
      `DATABASE_URL: cannot use the PostgreSQL database at ${describeDatabase(target)}: ${whyNoAnswer(error)}`,
    );
  }
}

/** All processes' pools together, against what the PostgreSQL server takes. */
export interface ConnectionBudget {
  poolSize: number;
  /** Processes of one instance that open a pool: the workers, and the first process that starts them. */
  processes: number;
  instances: number;
}

/**
 * Why the pools would not fit the server (R135), or null: all pools full must stay within max_connections less the
 * reserved ones, or a busy minute ends in "too many clients already" instead of queueing.
 */
export async function connectionsProblem(db: DB, budget: ConnectionBudget): Promise<string | null> {
  const { rows } = await sql<{ most: number; reserved: number }>`
    select current_setting('max_connections')::int as most,
      current_setting('superuser_reserved_connections')::int + coalesce(nullif(current_setting('reserved_connections', true), '')::int, 0) as reserved`.execute(
    db,
  );
  const available = rows[0].most - rows[0].reserved;
  const wanted = budget.poolSize * budget.processes * budget.instances;
  if (wanted <= available) return null;
  return (
    `DATABASE_POOL_SIZE: ${budget.poolSize} connections × ${budget.processes} processes (WEB_CONCURRENCY workers and the first process) × ` +
    `${budget.instances} instance(s) (DATABASE_INSTANCES) = ${wanted}, more than the ${available} the PostgreSQL server takes ` +
    `(max_connections ${rows[0].most}, ${rows[0].reserved} kept for superusers): lower DATABASE_POOL_SIZE or WEB_CONCURRENCY, or raise max_connections.`
  );
}

/**
 * WAL lets readers run while one writer commits. synchronous=NORMAL survives a process crash and stays consistent on
 * power loss; FULL would also keep the last commits through a power cut, at an fsync per write the wizard would feel.
 */
function openSqlite(file: string): DB {
  keepDatabaseFilePrivate(file);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.function(FOLD_FUNCTION, { deterministic: true }, foldCase);
  // Planner statistics, refreshed when stale (cheap); without them SQLite may sort a whole table, not use an index.
  try {
    sqlite.pragma("optimize = 0x10002");
  } catch {
    // Another process holds the write lock (a long migration or seed): the statistics can wait.
  }
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: keepingStatements(sqlite) }),
    plugins: [new WithoutNulCharacters()],
    log: timeQuery,
  });
}

/** Enough for every query the pages and the API make, with room for the lists' many sorts and filters. */
const STATEMENTS_KEPT = 500;

/**
 * Kysely re-prepares every call, and SQLite's compile costs more than running a page's small queries: statements are
 * cached by SQL text (LRU, STATEMENTS_KEPT). One busy in a streamed export is not shared; the caller gets a fresh one.
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

/** The server's SQLite connection lives long: its statistics are refreshed every hour (SQLite's advice). */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

export function getDb(): DB {
  return singleton("db", () => {
    const config = getConfig();
    const db = openDatabase(config.database, {
      poolSize: config.DATABASE_POOL_SIZE,
      writeLock: config.DATABASE_WRITE_LOCK,
      timeouts: {
        statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
        lockMs: config.DATABASE_LOCK_TIMEOUT_MS,
        idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
    });
    if (dialectOf(db) === "sqlite")
      setInterval(() => void sql`pragma optimize`.execute(db).catch(() => undefined), OPTIMIZE_EVERY_MS).unref();
    return db;
  });
}
