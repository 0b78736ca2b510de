import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type SqlBool } from "kysely";
import { describeDatabase, isPostgresUrl, openDatabase, whyNoAnswer } from "../app/db.server";
import { holdKey, readTables, resetIdCounters, writeTransaction, type TableShape } from "./dialect";
import { migrateToLatest } from "./migrate";
import { migrationProvider } from "./migrations";
import { runAsCommand } from "./command";

// `npm run db:copy -- <from> <to>`: every row of one database written into another, each a SQLite
// data folder (its app.db) or a postgres:// address; SQLite to PostgreSQL when an installation
// outgrows one machine, and back. The source is read in one snapshot and never written; the
// target is migrated, then filled in one transaction, checked table by table before it commits.

/** A copy that cannot be made; its message says what to do. */
export class CopyError extends Error {
  name = "CopyError";
}

export interface TableCount {
  table: string;
  rows: number;
}

const shown = (target: string) => (isPostgresUrl(target) ? describeDatabase(target) : path.resolve(target));

/**
 * What the migrations and the seed write into every new database: the copy replaces it with the source's, which its
 * rows
 * name (the local programs too, as the source's super administrators kept them: docs/product-rules.md R136).
 */
const REFERENCE_TABLES = new Set(["lookups", "zip_codes", "miscellaneous", "cache_versions", "local_programs"]);

/**
 * The counters that triggers bump for every row written to lookups and miscellaneous: written last, so they end as the
 * source's.
 */
const CACHE_COUNTERS = "cache_versions";

/** Values per statement: within SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000;

const MIGRATION_TABLE = "kysely_migration";

type Row = Record<string, unknown>;

/** How to run db:migrate against a database, for a message (the password never shown). */
function migrateCommand(target: string): string {
  return isPostgresUrl(target)
    ? `DATABASE_URL=${describeDatabase(target)} npm run db:migrate`
    : `DATA_DIR=${target} npm run db:migrate`;
}

/**
 * The source, opened so that it cannot be written: SQLite read-only (no statistics, no journal change), PostgreSQL read
 * in a read-only transaction.
 */
function openSource(from: string): Kysely<any> {
  if (isPostgresUrl(from)) return openDatabase(from);
  const file = path.join(from, "app.db");
  if (!existsSync(file))
    throw new CopyError(
      `There is no database at ${file}: name the data folder (DATA_DIR) that holds app.db, or a postgres:// address.`,
    );
  return new Kysely<any>({
    dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }),
  });
}

function openTarget(to: string): Kysely<any> {
  if (isPostgresUrl(to)) return openDatabase(to);
  if (existsSync(to) && !statSync(to).isDirectory())
    throw new CopyError(`${to} is a file: name a data folder (DATA_DIR), where the copy writes app.db.`);
  mkdirSync(to, { recursive: true });
  return openDatabase(path.join(to, "app.db"));
}

/**
 * Asks the database to answer once, so that a wrong address or a server that is down stops here with a message that
 * names it.
 */
async function reach(db: Kysely<any>, target: string): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    const hint = isPostgresUrl(target)
      ? "check the address (host, database, user, password) and that the server runs"
      : "check that it is a data folder";
    throw new CopyError(`Cannot use ${shown(target)} (${whyNoAnswer(error)}): ${hint}.`);
  }
}

async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  return (await db.selectFrom(MIGRATION_TABLE).select("name").execute()).map((row) => String(row.name));
}

/** Refuses a database that a newer version of the application migrated (this code would not know its tables). */
function refuseNewer(where: string, applied: string[], known: string[]) {
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new CopyError(
      `${where} comes from a newer version of the application (migrations ${unknown.join(", ")}): copy it with that version.`,
    );
}

async function countRows(db: Kysely<any>, table: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Refuses a target that holds anything but the reference data every new database starts with. */
async function refuseUnlessEmpty(db: Kysely<any>, where: string) {
  const held: string[] = [];
  for (const table of await readTables(db)) {
    if (REFERENCE_TABLES.has(table.name)) continue;
    const rows = await countRows(db, table.name);
    if (rows) held.push(`${table.name}: ${rows} row${rows === 1 ? "" : "s"}`);
  }
  if (held.length) {
    throw new CopyError(
      `${where} already holds data (${held.join(", ")}): copy only into a new, empty database (a new data folder, or a database made with createdb). Nothing was changed.`,
    );
  }
}

/** Both sides at the same migration have the same tables and columns; anything else was changed by hand. */
function refuseDifferentShapes(source: TableShape[], target: TableShape[]) {
  const shape = (tables: TableShape[]) => new Map(tables.map((table) => [table.name, table.columns.join(", ")]));
  const [ours, theirs] = [shape(source), shape(target)];
  for (const name of new Set([...ours.keys(), ...theirs.keys()])) {
    if (ours.get(name) !== theirs.get(name)) {
      throw new CopyError(
        `The table ${name} differs between the source and the target though both are at the latest migration: one was changed by hand. No row was copied.`,
      );
    }
  }
}

/** A table in the order of the copy, with the columns written as null at first and set once every table is written. */
interface Step {
  table: TableShape;
  later: string[];
}

/**
 * An order in which every row names only rows already written. A table that names itself, or a
 * table in a cycle (users and phone_numbers name each other), writes those references as null and
 * sets them at the end; in a cycle the table most others wait for goes first.
 */
export function copyOrder(tables: TableShape[]): Step[] {
  const remaining = tables.filter((table) => table.name !== CACHE_COUNTERS);
  const written = new Set<string>();
  const steps: Step[] = [];
  const waitsFor = (table: TableShape, other: string) =>
    other !== table.name && table.references.some((reference) => reference.table === other);
  while (remaining.length) {
    const ready = remaining.filter((table) =>
      table.references.every((reference) => reference.table === table.name || written.has(reference.table)),
    );
    const waitedFor = (table: TableShape) => remaining.filter((other) => waitsFor(other, table.name)).length;
    const next = ready[0] ?? remaining.reduce((most, table) => (waitedFor(table) > waitedFor(most) ? table : most));
    steps.push({
      table: next,
      later: next.references
        .filter((reference) => reference.table === next.name || !written.has(reference.table))
        .map((reference) => reference.column),
    });
    written.add(next.name);
    remaining.splice(remaining.indexOf(next), 1);
  }
  const counters = tables.find((table) => table.name === CACHE_COUNTERS);
  return counters ? [...steps, { table: counters, later: [] }] : steps;
}

/**
 * A table's rows in batches in the order of its primary key, each starting after the last key of
 * the one before (only rows where one of `anyOf` is not null, when given).
 */
async function* batchesOf(
  db: Kysely<any>,
  table: TableShape,
  columns: string[],
  anyOf?: string[],
): AsyncGenerator<Row[]> {
  if (!table.primaryKey.length)
    throw new CopyError(
      `The table ${table.name} has no primary key, which the copy reads it by: give it one in a migration. No row was copied.`,
    );
  const size = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / table.columns.length));
  const key = sql.join(table.primaryKey.map((column) => sql.ref(column)));
  let last: Row | undefined;
  for (;;) {
    let query = db.selectFrom(table.name).select(columns).limit(size);
    for (const column of table.primaryKey) query = query.orderBy(column);
    if (anyOf) query = query.where((eb) => eb.or(anyOf.map((column) => eb(column, "is not", null))));
    if (last) {
      const after = last;
      query = query.where(sql<SqlBool>`(${key}) > (${sql.join(table.primaryKey.map((column) => after[column]))})`);
    }
    const rows: Row[] = await query.execute();
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}

/** Writes every row of `step`'s table, with its `later` columns as null. */
async function copyRows(source: Kysely<any>, target: Kysely<any>, step: Step): Promise<void> {
  for await (const rows of batchesOf(source, step.table, step.table.columns)) {
    const values = step.later.length
      ? rows.map((row) => ({ ...row, ...Object.fromEntries(step.later.map((column) => [column, null])) }))
      : rows;
    await target.insertInto(step.table.name).values(values).execute();
  }
}

/** Sets the references written as null, row by row, now that the rows they name exist. */
async function setLaterReferences(source: Kysely<any>, target: Kysely<any>, step: Step): Promise<void> {
  const { table, later } = step;
  for await (const rows of batchesOf(source, table, [...table.primaryKey, ...later], later)) {
    for (const row of rows) {
      let update = target.updateTable(table.name).set(Object.fromEntries(later.map((column) => [column, row[column]])));
      for (const column of table.primaryKey) update = update.where(column, "=", row[column]);
      await update.execute();
    }
  }
}

/**
 * Copies every row of `from` into `to` (each a SQLite data folder or a postgres:// address),
 * ids as they are. Refuses a source not at this code's latest migration and a target that holds
 * data; migrates the target, then writes it in one transaction that commits only when every
 * table holds as many rows as the source's. Returns the rows of each table.
 */
export async function copyDatabase(from: string, to: string): Promise<TableCount[]> {
  const known = Object.keys(await migrationProvider.getMigrations());
  const source = openSource(from);
  let target: Kysely<any> | undefined;
  try {
    await reach(source, from);
    const applied = await appliedMigrations(source);
    if (!applied.length)
      throw new CopyError(
        `${shown(from)} holds no database of this application (no migration was ever applied): check the address.`,
      );
    refuseNewer(shown(from), applied, known);
    const missing = known.filter((name) => !applied.includes(name));
    if (missing.length) {
      throw new CopyError(
        `${shown(from)} is at an older migration (missing ${missing.join(", ")}): bring it up to date first with \`${migrateCommand(from)}\`, then copy again.`,
      );
    }

    target = openTarget(to);
    await reach(target, to);
    refuseNewer(shown(to), await appliedMigrations(target), known);
    // Before migrating, so that a refused target is left exactly as it was.
    await refuseUnlessEmpty(target, shown(to));
    await migrateToLatest(target);

    const into = target;
    // One snapshot of the source for every read (SQLite: its read transaction already is one).
    return await source
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (snapshot) => {
        const tables = await readTables(snapshot);
        return writeTransaction(into, async (trx) => {
          // One copy into a database at a time (docs/product-rules.md R135): a second one started at once then finds it
          // not empty.
          await holdKey(trx, "copy", "into");
          // Again inside the transaction: nothing may have been written since the first look.
          await refuseUnlessEmpty(trx, shown(to));
          refuseDifferentShapes(tables, await readTables(trx));
          const steps = copyOrder(tables);
          // Only reference data is there (checked): emptied in reverse order, so no row is left naming one deleted.
          for (const step of [...steps].reverse()) await trx.deleteFrom(step.table.name).execute();
          for (const step of steps) await copyRows(snapshot, trx, step);
          for (const step of steps.filter((each) => each.later.length)) await setLaterReferences(snapshot, trx, step);

          const counts: TableCount[] = [];
          const differences: string[] = [];
          for (const { name } of tables) {
            const [expected, written] = [await countRows(snapshot, name), await countRows(trx, name)];
            if (expected !== written) differences.push(`${name}: ${expected} in the source, ${written} in the target`);
            counts.push({ table: name, rows: written });
          }
          if (differences.length)
            throw new CopyError(`The row counts differ, so the copy was undone:\n  ${differences.join("\n  ")}`);
          await resetIdCounters(trx, tables);
          return counts;
        });
      });
  } finally {
    await source.destroy();
    await target?.destroy();
  }
}

/** Where the files of the data folder go: they are not rows, so the copy leaves them where they are. */
function filesNote(from: string, to: string): string {
  const files = "uploads/ and reports/ (and session-secret, unless SESSION_SECRET is set)";
  const folder = isPostgresUrl(from) ? "the data folder (DATA_DIR) of the installation copied" : path.resolve(from);
  if (isPostgresUrl(to)) {
    return `Files are not rows and were not copied: ${files} stay in ${folder}. Start with DATABASE_URL=${describeDatabase(to)} and DATA_DIR naming that folder, on a volume every instance shares.`;
  }
  return `Files are not rows and were not copied: copy ${files} from ${folder} into ${path.resolve(to)}, then start with DATA_DIR=${path.resolve(to)} and no DATABASE_URL.`;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 2 || args.some((arg) => arg.startsWith("-"))) {
    console.error(
      "Usage: npm run db:copy -- <from> <to>   (each a SQLite data folder, such as ./data, or a postgres:// address)",
    );
    process.exit(2);
  }
  const [from, to] = args;
  console.log(`Copying ${shown(from)} into ${shown(to)} (one transaction: a large database takes minutes)…`);
  const counts = await copyDatabase(from, to);
  const width = Math.max(...counts.map((count) => count.table.length));
  console.log(`${"table".padEnd(width)}  rows`);
  for (const { table, rows } of counts) console.log(`${table.padEnd(width)}  ${rows}`);
  console.log(`Every table holds as many rows in ${shown(to)} as in ${shown(from)}.`);
  console.log(filesNote(from, to));
}

runAsCommand(import.meta, main, (error) =>
  error instanceof CopyError
    ? error.message
    : `The copy failed and was undone (the target holds none of its rows): ${error instanceof Error ? error.message : error}`,
);
