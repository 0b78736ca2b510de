import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase, type DB } from "../app/db.server";
import { dialectOf, holdRows, writeTransaction, type Dialect } from "./dialect";
import { migrateToLatest } from "./migrate";
import { seed } from "./seed";

// The tests' databases: real SQLite files in temporary folders, or, when TEST_DATABASE_URL names
// a PostgreSQL server where the tests may make databases (db/with-postgres.ts starts one), real
// PostgreSQL databases made for the test and dropped after it. Either way each test gets a data
// folder of its own (uploads, reports, outbox) and `env`, the settings that point the
// application at both.

export interface TestDatabase {
  db: DB;
  dir: string;
  /** The SQLite file, or the PostgreSQL database's address. */
  database: string;
  /**
   * DATA_DIR, and DATABASE_URL on PostgreSQL: `Object.assign(process.env, test.env)` points getConfig and getDb here.
   */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  close: () => Promise<void>;
}

/** The database the tests of this run use. */
export function testDialect(): Dialect {
  return process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What the template databases are made from: a change to a migration or to the seed makes new ones. */
function schemaVersion(): string {
  const hash = createHash("sha256");
  for (const folder of ["db/migrations", "db/seed-data"]) {
    for (const name of readdirSync(path.join(root, folder)).sort())
      hash.update(name).update(readFileSync(path.join(root, folder, name)));
  }
  hash.update(readFileSync(path.join(root, "db/seed.ts")));
  return hash.digest("hex").slice(0, 12);
}

/** The same server as TEST_DATABASE_URL, another database on it. */
function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any process's key for the lock around making databases (CREATE DATABASE … TEMPLATE wants its template alone). */
const MAKING_LOCK = 0x54455354;

async function asServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MAKING_LOCK]);
    return await work(client);
  } finally {
    await client.end();
  }
}

const exists = async (client: pg.Client, name: string) =>
  (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;

/**
 * A template database, migrated (and seeded), made once per server and schema version: every
 * test's database is a copy of it, which takes a fraction of the time of migrating and seeding.
 */
async function template(client: pg.Client, seeded: boolean): Promise<string> {
  const name = `referral_template_${schemaVersion()}_${seeded ? "seeded" : "bare"}`;
  if (await exists(client, name)) return name;
  const making = `${name}_making`;
  await client.query(`drop database if exists ${making}`);
  await client.query(`create database ${making}`);
  const db = openDatabase(databaseUrl(making));
  try {
    await migrateToLatest(db);
    if (seeded) await seed(db);
  } finally {
    await db.destroy();
  }
  // Renamed only once whole, so a run stopped half-way never leaves a broken template behind.
  await client.query(`alter database ${making} rename to ${name}`);
  return name;
}

/**
 * A new PostgreSQL database on the test server: a copy of `from` (a database's name), or migrated (and seeded), or
 * empty. Its address.
 */
export async function createPostgresDatabase({
  from,
  migrated = true,
  seeded = true,
}: { from?: string; migrated?: boolean; seeded?: boolean } = {}): Promise<string> {
  const name = `referral_test_${randomBytes(6).toString("hex")}`;
  await asServer(async (client) => {
    const source = from ?? (migrated ? await template(client, seeded) : "template0");
    // PostgreSQL 15 copies a database through its write-ahead log unless told to copy its files: for the tests' small
    // databases the files' copy takes half the time (the parity test makes some 150).
    const version = Number((await client.query("show server_version_num")).rows[0].server_version_num);
    await client.query(`create database ${name} template ${source}${version >= 150000 ? " strategy file_copy" : ""}`);
  });
  return databaseUrl(name);
}

/** Drops a database made by createPostgresDatabase, whoever is still connected to it. */
export async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^referral_test_[0-9a-f]+$/.test(name)) throw new Error(`not a test database: ${name}`);
  await asServer((client) => client.query(`drop database if exists ${name} with (force)`));
}

/** The name of a database made by createPostgresDatabase, to copy it with `from`. */
export function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

/** A new data folder with its own database (SQLite: app.db in it), migrated and (unless told not to) seeded. */
export async function createTestDatabase({ seeded = true, migrated = true } = {}): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "referral-test-"));
  for (const folder of ["uploads", "reports", "outbox"]) mkdirSync(path.join(dir, folder));
  if (testDialect() === "postgres") {
    const url = await createPostgresDatabase({ migrated, seeded });
    const db = openDatabase(url);
    return {
      db,
      dir,
      database: url,
      env: { DATA_DIR: dir, DATABASE_URL: url },
      close: async () => {
        await db.destroy();
        await dropPostgresDatabase(url);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const file = path.join(dir, "app.db");
  const db = openDatabase(file);
  if (migrated) await migrateToLatest(db);
  if (migrated && seeded) await seed(db);
  return {
    db,
    dir,
    database: file,
    env: { DATA_DIR: dir },
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of a test's data folder and database, as they are now (close every connection to the
 * database first): the database (SQLite: the file; PostgreSQL: a database made from it) and the
 * uploaded files. `close` removes the copy.
 */
export async function copyTestDatabase(
  source: Pick<TestDatabase, "dir" | "database">,
): Promise<Omit<TestDatabase, "db">> {
  const dir = mkdtempSync(path.join(tmpdir(), "referral-test-"));
  for (const folder of ["reports", "outbox"]) mkdirSync(path.join(dir, folder));
  mkdirSync(path.join(dir, "uploads"));
  for (const name of readdirSync(path.join(source.dir, "uploads")))
    copyFileSync(path.join(source.dir, "uploads", name), path.join(dir, "uploads", name));
  if (testDialect() === "postgres") {
    const url = await createPostgresDatabase({ from: databaseName(source.database) });
    return {
      dir,
      database: url,
      env: { DATA_DIR: dir, DATABASE_URL: url },
      close: async () => {
        await dropPostgresDatabase(url);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const file = path.join(dir, "app.db");
  copyFileSync(source.database, file);
  return {
    dir,
    database: file,
    env: { DATA_DIR: dir },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Makes the database refuse every `event` (insert or update) on `table` (of the row whose id is
 * `id`, when given), as a full disk or a broken database would; the function it returns lifts it.
 */
export async function refuseWrites(
  db: DB,
  table: string,
  event: "insert" | "update",
  id?: number,
): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${event}${id === undefined ? "" : `_${Number(id)}`}`;
  if (dialectOf(db) === "postgres") {
    await sql
      .raw(
        `create or replace function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create or replace trigger ${name} before ${event} on ${table} for each row ${id === undefined ? "" : `when (old.id = ${Number(id)})`} execute function ${name}()`,
      )
      .execute(db);
    return async () => {
      await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
    };
  }
  await sql
    .raw(
      `create trigger if not exists ${name} before ${event} on ${table} ${id === undefined ? "" : `when old.id = ${Number(id)}`} begin select raise(abort, 'refused for the test'); end`,
    )
    .execute(db);
  return async () => {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  };
}

/**
 * A transaction of `db` holding a referral's row, as another person's long save would, until the returned function
 * is called (which waits for its commit): what a write that needs the row meets (docs/product-rules.md R135).
 */
export async function holdReferralRow(db: DB, referralId: number): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = writeTransaction(db, async (trx) => {
    await holdRows(trx, "referrals", "id", [referralId]);
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await done;
  };
}
