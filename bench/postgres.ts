import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { openDatabase } from "../app/db.server";
import { copyDatabase } from "../db/copy";
import { startPostgres } from "../db/postgres-server";
import { createPostgresDatabase, dropPostgresDatabase } from "../db/testing";
import { withInstance } from "./instance";

// `npm run bench -- --database=postgres`: the benchmark's data folder filled on SQLite as always,
// then moved into a new PostgreSQL database with db:copy, and the move proven (every table's rows
// counted on both sides, the referral CSV made from each database and compared byte for byte)
// before the same measures run against it.

export interface PostgresServer {
  /** Its version, where it runs and the settings that make it faster or slower than a durable one. */
  description: string;
  stop: () => void;
}

/**
 * The run's PostgreSQL server: the one TEST_DATABASE_URL names (as for the tests), else a
 * throw-away one started now and stopped by `stop` (db/postgres-server.ts). The benchmark's
 * databases are made on it as the tests' are (createPostgresDatabase).
 */
export async function postgresServerOfRun(): Promise<PostgresServer> {
  let stop = () => {};
  let origin = "the server of TEST_DATABASE_URL";
  if (!process.env.TEST_DATABASE_URL) {
    const server = startPostgres();
    process.env.TEST_DATABASE_URL = server.adminUrl;
    stop = () => {
      server.stop();
      delete process.env.TEST_DATABASE_URL;
    };
    origin = "a throw-away cluster started for the run (db/postgres-server.ts)";
  }
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  try {
    await client.connect();
    const setting = async (name: string) =>
      (await client.query<{ value: string }>("select current_setting($1) as value", [name])).rows[0].value;
    const host = new URL(process.env.TEST_DATABASE_URL).hostname;
    const description =
      `PostgreSQL ${await setting("server_version")}, ${origin}, on ${/^(127\.|localhost$|\[::1\]$)/.test(host) ? "this machine (loopback)" : host}; ` +
      `fsync ${await setting("fsync")}, synchronous_commit ${await setting("synchronous_commit")}, full_page_writes ${await setting("full_page_writes")}, ` +
      `shared_buffers ${await setting("shared_buffers")}`;
    return { description, stop };
  } catch (error) {
    stop();
    throw error;
  } finally {
    await client.end();
  }
}

export interface TableCounts {
  table: string;
  sqlite: number;
  postgres: number;
}

export interface CsvProof {
  /** The list exported (drafts, submitted): together every referral. */
  list: string;
  rows: number;
  bytes: number;
  sqliteSha256: string;
  postgresSha256: string;
}

export interface MoveFigures {
  /** copyDatabase alone: the target migrated, every row written and counted, in one transaction. */
  copySeconds: number;
  /**
   * ANALYZE after the copy, so that the measures plan with statistics (autovacuum would make them within a minute or
   * so).
   */
  analyzeSeconds: number;
  tables: TableCounts[];
  csv: CsvProof[];
}

async function secondsOf(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

/** `work` with the database opened, closed after. */
async function withDatabase<T>(target: string, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  const db = openDatabase(target);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function countEveryTable(db: Kysely<any>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name } of await db.introspection.getTables()) {
    const row = await db
      .selectFrom(name)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    counts.set(name, Number(row.count));
  }
  return counts;
}

/**
 * Every table's rows counted on both sides, here rather than trusting the copy's own check; throws unless the same
 * tables hold as many rows.
 */
async function countBothSides(sqliteFile: string, url: string): Promise<TableCounts[]> {
  const sqlite = await withDatabase(sqliteFile, countEveryTable);
  const postgres = await withDatabase(url, countEveryTable);
  const tables = [...new Set([...sqlite.keys(), ...postgres.keys()])].sort();
  const unequal = tables.filter((table) => sqlite.get(table) !== postgres.get(table));
  if (unequal.length) {
    const counts = unequal.map(
      (table) =>
        `${table}: ${sqlite.get(table) ?? "no table"} in SQLite, ${postgres.get(table) ?? "no table"} in PostgreSQL`,
    );
    throw new Error(`The copy's row counts differ (${counts.join("; ")})`);
  }
  return tables.map((table) => ({ table, sqlite: sqlite.get(table)!, postgres: postgres.get(table)! }));
}

interface CsvMade {
  list: string;
  rows: number;
  bytes: number;
  sha256: string;
}

/**
 * The two referral lists' CSV (35 columns, every referral between them) as an administrator downloads it, each by its
 * SHA-256.
 */
async function referralCsvs(base: string, adminCookie: string): Promise<CsvMade[]> {
  const lists: CsvMade[] = [];
  for (const list of ["drafts", "submitted"]) {
    const response = await fetch(`${base}/app/referrals/export.csv?list=${list}`, { headers: { Cookie: adminCookie } });
    if (!response.ok) throw new Error(`the ${list} CSV: HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    lists.push({
      list,
      rows: bytes.toString("utf8").trim().split("\n").length - 1,
      bytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
  }
  return lists;
}

/** Throws unless each CSV made from PostgreSQL is the one made from SQLite, byte for byte. */
function compareCsvs(fromSqlite: CsvMade[], fromPostgres: CsvMade[]): CsvProof[] {
  const proofs = fromSqlite.map((made, index) => ({ ...made, other: fromPostgres[index] }));
  const differing = proofs.filter(({ sha256, other }) => sha256 !== other.sha256);
  if (differing.length) {
    const sizes = differing.map(
      ({ list, bytes, other }) => `${list}: ${bytes} bytes from SQLite, ${other.bytes} from PostgreSQL`,
    );
    throw new Error(`The referral CSV differs between SQLite and PostgreSQL (${sizes.join("; ")})`);
  }
  return proofs.map(({ list, rows, bytes, sha256, other }) => ({
    list,
    rows,
    bytes,
    sqliteSha256: sha256,
    postgresSha256: other.sha256,
  }));
}

/**
 * Moves the filled data folder's SQLite database into a new database on the run's PostgreSQL
 * server with copyDatabase (db:copy), and proves the move: the row count of every table on both
 * sides, and the referral CSV made by the server from each. Throws when either differs: figures
 * measured on a wrong copy would mean nothing. The files stay in the data folder, which the
 * PostgreSQL instances share, as db:copy says to do.
 */
export async function moveToPostgres(
  dataDir: string,
  sqliteFile: string,
  adminCookie: string,
): Promise<{ url: string; move: MoveFigures }> {
  // Each CSV from an instance of its own, so that the measured instances start as fresh as on SQLite.
  const before = await withInstance({ dataDir, database: sqliteFile }, (instance) =>
    referralCsvs(instance.base, adminCookie),
  );
  const url = await createPostgresDatabase({ migrated: false });
  try {
    const copySeconds = await secondsOf(() => copyDatabase(dataDir, url));
    const tables = await countBothSides(sqliteFile, url);
    const analyzeSeconds = await secondsOf(() => withDatabase(url, (db) => sql`analyze`.execute(db)));
    const after = await withInstance({ dataDir, database: url }, (instance) =>
      referralCsvs(instance.base, adminCookie),
    );
    return { url, move: { copySeconds, analyzeSeconds, tables, csv: compareCsvs(before, after) } };
  } catch (error) {
    await dropPostgresDatabase(url);
    throw error;
  }
}
