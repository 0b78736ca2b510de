import {
  OperationNodeTransformer,
  PostgresAdapter,
  PrimitiveValueListNode,
  sql,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ColumnDefinitionBuilder,
  type Expression,
  type Kysely,
  type OrderByModifiers,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from "kysely";

// Every difference between SQLite (the embedded default) and PostgreSQL (DATABASE_URL), in one
// file: the migrations, the models and the tools ask here and never test the dialect themselves.
// What the two must agree on is written beside each helper.

export type Dialect = "sqlite" | "postgres";

/** Which database a connection (or a transaction of one) talks to. */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

// ——— The schema ———

/** A whole-number key the database gives out itself, never used twice (SQLite AUTOINCREMENT, PostgreSQL identity). */
export function idColumn(db: Kysely<any>, column: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return dialectOf(db) === "postgres"
    ? column.primaryKey().generatedByDefaultAsIdentity()
    : column.primaryKey().autoIncrement();
}

/**
 * The default of every `created_at`: now, as ISO-8601 UTC text with milliseconds, as JavaScript's toISOString() writes
 * it.
 */
export function nowText(db: Kysely<any>): RawBuilder<string> {
  return dialectOf(db) === "postgres"
    ? sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** A check that a text column holds exactly `length` digits. */
export function digitsCheck(db: Kysely<any>, column: string, length: number): RawBuilder<unknown> {
  const name = sql.raw(column); // a column name of the migration's own, written as SQLite's first migration wrote it
  return dialectOf(db) === "postgres"
    ? sql`${name} ~ ${sql.lit(`^[0-9]{${length}}$`)}`
    : sql`length(${name}) = ${sql.lit(length)} and ${name} not glob '*[^0-9]*'`;
}

/**
 * A reference to a table made later in the same migration (users and phone_numbers name each
 * other). SQLite takes it at once; PostgreSQL needs the table first, so there the column is made
 * plain and `addForwardReference` adds the constraint once the table exists.
 */
export function forwardReference(
  db: Kysely<any>,
  column: ColumnDefinitionBuilder,
  target: string,
): ColumnDefinitionBuilder {
  return dialectOf(db) === "postgres" ? column : column.references(target).onDelete("set null");
}

export async function addForwardReference(
  db: Kysely<any>,
  table: string,
  column: string,
  target: string,
): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  const [targetTable, targetColumn] = target.split(".");
  await db.schema
    .alterTable(table)
    .addForeignKeyConstraint(`${table}_${column}_fkey`, [column], targetTable, [targetColumn], (constraint) =>
      constraint.onDelete("set null"),
    )
    .execute();
}

/**
 * Triggers that add one to `cache_versions.version` (the row named after the table) on every
 * insert, update or delete, so each process's cache of the table sees a change made by another
 * (app/models/cache.server.ts).
 */
export async function bumpCacheVersionOnChange(db: Kysely<any>, table: string): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`create or replace function bump_cache_version() returns trigger language plpgsql as $$
      begin update cache_versions set version = version + 1 where name = tg_table_name; return null; end $$`.execute(
      db,
    );
    await sql
      .raw(
        `create trigger ${table}_bumps_cache after insert or update or delete on ${table} for each row execute function bump_cache_version()`,
      )
      .execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql
      .raw(
        `create trigger ${table}_${event}_bumps_cache after ${event} on ${table}
         begin update cache_versions set version = version + 1 where name = '${table}'; end`,
      )
      .execute(db);
  }
}

/**
 * An index for a list sorted on a column that may be empty (emptiesAsOnSqlite): PostgreSQL serves
 * `desc nulls last, id desc` (and, read backwards, `asc nulls first, id asc`) only from an index
 * in that order. SQLite's own indexes already place the empty values so: nothing to add there.
 */
export async function createEmptiesLastIndex(
  db: Kysely<any>,
  name: string,
  table: string,
  column: string,
): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql.raw(`create index ${name} on ${table} (${column} desc nulls last, id desc)`).execute(db);
}

/**
 * Indexes for containsText on PostgreSQL: trigram indexes (the pg_trgm extension, which every
 * managed PostgreSQL offers and a database's owner may add) let ILIKE '%…%' find rows without
 * reading the whole table. Where the extension cannot be added (a role without the right), the
 * searches still work, reading the table as SQLite does; the start goes on with a warning. SQLite
 * has no such index: its LIKE reads the table, fast enough at the sizes measured (bench/RESULTS.md).
 */
export async function createSubstringIndexes(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  // A savepoint: the migration runs in a transaction, which a refused statement would otherwise end.
  await sql`savepoint trigrams`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint trigrams`.execute(db);
    console.warn(
      `Warning: the pg_trgm extension could not be added (${(error as Error).message}): searches by name read the whole ${table} table.`,
    );
    return;
  }
  for (const column of columns)
    await sql
      .raw(`create index ${table}_${column}_trigrams on ${table} using gin (${column} gin_trgm_ops)`)
      .execute(db);
  await sql`release savepoint trigrams`.execute(db);
}

// ——— Queries ———

/** Within text, `%`, `_` and the escape character itself stand for themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The SQLite function that folds case as JavaScript does, for every letter (SQLite's own lower() and LIKE know only A
 * to Z).
 */
export const FOLD_FUNCTION = "fold_case";
export const foldCase = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value);

/**
 * `column` contains `text`, whatever the case of either, accents counting ("PÉREZ" finds
 * "Pérez", "Perez" does not), `%` and `_` taken literally: the lists' searches
 * (docs/product-rules.md R121). PostgreSQL: ILIKE, which folds every letter. SQLite: its LIKE
 * for text of A to Z alone (it folds only those, and it is native), else both sides folded by
 * FOLD_FUNCTION, registered on every connection (app/db.server.ts).
 */
export function containsText(db: Kysely<any>, column: Expression<unknown> | string, text: string): RawBuilder<SqlBool> {
  const value = typeof column === "string" ? sql.ref(column) : column;
  const pattern = likePattern(text);
  if (dialectOf(db) === "postgres") return sql<SqlBool>`${value} ilike ${pattern} escape '\\'`;
  if (ASCII.test(text)) return sql<SqlBool>`${value} like ${pattern} escape '\\'`;
  return sql<SqlBool>`${sql.raw(FOLD_FUNCTION)}(${value}) like ${foldCase(pattern)} escape '\\'`;
}

/** How many rows a filtered list's query matches (its columns not selected yet): the total a paged list shows. */
export async function countMatching(query: SelectQueryBuilder<any, any, object>): Promise<number> {
  const row = (await query.select(sql<number>`count(*)`.as("matching")).executeTakeFirstOrThrow()) as {
    matching: number | string;
  };
  return Number(row.matching);
}

/**
 * The rows of a sorted query `size` at a time, for the exports and reports: never all at once.
 * PostgreSQL: one query read through a cursor (pg-cursor) on a pooled connection of its own, so a
 * long export costs the database one query and other requests go on beside it. SQLite: one page
 * after another (LIMIT and OFFSET on the same order), since its one connection, held by a cursor
 * for a whole export, would make every other request wait. A consumer that stops early closes the
 * cursor.
 */
export async function* pagesOf<O>(
  db: Kysely<any>,
  query: SelectQueryBuilder<any, any, O>,
  size: number,
): AsyncGenerator<O[]> {
  if (dialectOf(db) === "postgres") {
    let page: O[] = [];
    for await (const row of query.stream(size)) {
      page.push(row);
      if (page.length === size) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
    return;
  }
  for (let offset = 0; ; offset += size) {
    const page = await query.limit(size).offset(offset).execute();
    if (!page.length) return;
    yield page;
  }
}

/**
 * How a list sorts a column that may be empty: the empty ones first going up and last going down,
 * where SQLite puts them, on PostgreSQL too (which puts them the other way), so a list reads alike
 * on both (docs/product-rules.md R121). Only for columns that may be empty: on PostgreSQL a stated
 * place for empties keeps a plain index from serving the sort.
 */
export function emptiesAsOnSqlite(db: Kysely<any>, direction: "asc" | "desc"): OrderByModifiers {
  if (dialectOf(db) !== "postgres") return direction;
  return (order) => (direction === "asc" ? order.asc().nullsFirst() : order.desc().nullsLast());
}

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;

class NulRemover extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === "string" && node.value.includes("\u0000")
      ? ValueNode.create(node.value.replace(NUL, ""))
      : node;
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    if (!node.values.some((value) => typeof value === "string" && value.includes("\u0000"))) return node;
    return PrimitiveValueListNode.create(
      node.values.map((value) => (typeof value === "string" ? value.replace(NUL, "") : value)),
    );
  }
}

/**
 * Text goes to the database without the NUL character (U+0000), which PostgreSQL cannot hold and
 * nobody can type or see: a program that sends one (a broken client, a fuzzer) would otherwise
 * get a server error on PostgreSQL and a stored NUL on SQLite. With it, both keep the same text
 * (docs/product-rules.md R121). Every other character is kept as given.
 */
export class WithoutNulCharacters implements KyselyPlugin {
  private readonly remover = new NulRemover();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.remover.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** The database's code of an error (PostgreSQL's SQLSTATE, better-sqlite3's SQLITE_…), if it has one. */
const errorCode = (error: unknown) => (error instanceof Error && "code" in error ? String(error.code) : undefined);

/** A unique constraint refused the write: another transaction stored the same value first (an e-mail address). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** A constraint refused the write because a row still names the one being deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = errorCode(error) ?? "";
  return code === "23503" || code.startsWith("SQLITE_CONSTRAINT_FOREIGNKEY");
}

/** The key of the one lock for the whole database (DATABASE_WRITE_LOCK=database, pg_advisory_xact_lock): "MDRF". */
const WHOLE_DATABASE_LOCK = 0x4d445246;

/**
 * How PostgreSQL write transactions keep their rules (DATABASE_WRITE_LOCK): each holds the rows it read, or all take
 * turns.
 */
export type WriteLock = "rows" | "database";

/** The connections opened with DATABASE_WRITE_LOCK=database: their writes take turns, as before row locks. */
const wholeDatabaseWriters = new WeakSet<Kysely<any>>();

/**
 * Writes through `db` take one lock for the whole database (DATABASE_WRITE_LOCK=database;
 * docs/decisions/0015-row-locks-on-postgresql.md).
 */
export function writeOneAtATime(db: Kysely<any>): void {
  wholeDatabaseWriters.add(db);
}

/**
 * A write transaction is tried this many times at most when PostgreSQL ends it to break a deadlock or a serialization
 * conflict.
 */
const WRITE_ATTEMPTS = 4;

/** PostgreSQL ended the transaction so that another could go on: trying it again from the start is safe. */
function isRetryable(error: unknown): boolean {
  const code = errorCode(error);
  return code === "40001" || code === "40P01";
}

/** The seconds a busy answer asks the caller to wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The database could not serve the request in time: on PostgreSQL a row it must hold stayed held past lock_timeout,
 * or a statement ran past statement_timeout (DATABASE_LOCK_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS); on SQLite the
 * file's write lock stayed held past busy_timeout. Nothing was written; the request may be made again (a 503 with
 * Retry-After: app/utils/route.server.ts, app/api/errors.server.ts).
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = errorCode(error);
  return code === "55P03" || code === "57014" || code === "SQLITE_BUSY";
}

/**
 * A transaction that reads and then writes, and whose rule must still hold when it writes (a Draft not yet
 * submitted, a token not yet used): docs/product-rules.md R135 names, for each, what it holds and why.
 *
 * SQLite: BEGIN IMMEDIATE takes the file's write lock at once, so it waits its turn (busy_timeout) instead of
 * failing with "database is locked" when its reads turn out stale; one writer at a time is what SQLite is.
 *
 * PostgreSQL: READ COMMITTED, and the work holds the rows its rule reads (holdRows, holdKey) before it reads them,
 * so writes to different records go side by side and writes to the same record take turns. When PostgreSQL ends
 * one to break a deadlock (or a serialization conflict), it is tried again from the start, up to WRITE_ATTEMPTS
 * times: the work only reads and writes the database (mail and files come after the commit). With
 * DATABASE_WRITE_LOCK=database every write transaction first takes one lock for the whole database instead, as
 * before the row locks (docs/decisions/0015-row-locks-on-postgresql.md).
 */
export async function writeTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (dialectOf(db) === "postgres") {
    const oneAtATime = wholeDatabaseWriters.has(db);
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          if (oneAtATime) await sql`select pg_advisory_xact_lock(${sql.lit(WHOLE_DATABASE_LOCK)})`.execute(trx);
          return work(trx);
        });
      } catch (error) {
        if (!isRetryable(error) || attempt === WRITE_ATTEMPTS) throw error;
        // A little apart, so that the two that met do not meet again at once.
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }
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

/**
 * How a row is held: `update`, for a rule that changes it or what hangs from it (FOR NO KEY UPDATE: the rows that
 * merely name it, new adults of a held referral, new referrals of a child, wait for nothing); `delete`, for a rule
 * that may delete it (FOR UPDATE: a new row naming it waits too); `share`, for a rule that only needs it unchanged
 * (FOR SHARE: others may read and share it, none change it).
 */
export type HoldMode = "update" | "delete" | "share";

const LOCKS: Record<HoldMode, RawBuilder<unknown>> = {
  update: sql`for no key update`,
  delete: sql`for update`,
  share: sql`for share`,
};

/**
 * Inside writeTransaction, before the rule reads them: the rows of `table` whose `column` is one of `values` stay as
 * they are read until the commit (docs/product-rules.md R135). PostgreSQL: SELECT … FOR (NO KEY) UPDATE or FOR SHARE,
 * in the order of the column, so that two writers holding several rows never wait for each other in a circle; a row
 * another transaction holds is waited for (lock_timeout at most), and what is read after sees what it committed.
 * SQLite: nothing to do, the transaction holds the whole file already.
 */
export async function holdRows<DB, T extends keyof DB & string>(
  trx: Kysely<DB>,
  table: T,
  column: keyof DB[T] & string,
  values: ReadonlyArray<string | number | null | undefined>,
  mode: HoldMode = "update",
): Promise<void> {
  const wanted = [
    ...new Set(values.filter((value): value is string | number => value !== null && value !== undefined)),
  ];
  if (dialectOf(trx) !== "postgres" || !wanted.length) return;
  const ref = sql.ref(column);
  await sql`select 1 from ${sql.table(table)} where ${ref} in (${sql.join(wanted)}) order by ${ref} ${LOCKS[mode]}`.execute(
    trx,
  );
}

/**
 * Inside writeTransaction: a rule that reads rows no single row stands for (the submitted referrals of children born
 * on one day) holds a key of its own instead, named by `scope` and `value`, until the commit; writers of another key
 * go on. PostgreSQL: a transaction-level advisory lock on the key's hash. SQLite: nothing to do.
 */
export async function holdKey(trx: Kysely<any>, scope: string, value: string): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${value}))`.execute(trx);
}

// ——— What is in a database (the copy between databases, the tests that compare whole databases) ———

export interface TableShape {
  name: string;
  columns: string[];
  /** The primary key's columns, in order. */
  primaryKey: string[];
  /** An `id` the database numbers itself (its counter follows the largest id after a copy). */
  numberedId: boolean;
  /** By column. */
  references: Array<{ column: string; table: string }>;
}

/** Tables the database or the migration tool keeps for itself. */
const BOOKKEEPING = /^(sqlite_|kysely_migration)/;

const byColumn = (references: TableShape["references"]) =>
  references.sort((a, b) => (a.column < b.column ? -1 : a.column > b.column ? 1 : 0));

/** The application's tables, by name, with their columns in order, keys and references. */
export async function readTables(db: Kysely<any>): Promise<TableShape[]> {
  if (dialectOf(db) === "postgres") {
    const columns = (
      await sql<{ table_name: string; column_name: string; is_identity: string }>`
        select table_name, column_name, is_identity from information_schema.columns
        where table_schema = current_schema() order by table_name, ordinal_position`.execute(db)
    ).rows;
    const keys = (
      await sql<{ table_name: string; column_name: string; constraint_type: string; foreign_table: string | null }>`
        select k.table_name, k.column_name, c.constraint_type, f.table_name as foreign_table
        from information_schema.table_constraints c
        join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
        left join information_schema.constraint_column_usage f on c.constraint_type = 'FOREIGN KEY' and f.constraint_name = c.constraint_name and f.table_schema = c.table_schema
        where c.table_schema = current_schema() and c.constraint_type in ('PRIMARY KEY', 'FOREIGN KEY')
        order by k.table_name, k.ordinal_position`.execute(db)
    ).rows;
    const names = [...new Set(columns.map((column) => column.table_name))]
      .filter((name) => !BOOKKEEPING.test(name))
      .sort();
    return names.map((name) => {
      const own = columns.filter((column) => column.table_name === name);
      const ownKeys = keys.filter((key) => key.table_name === name);
      return {
        name,
        columns: own.map((column) => column.column_name),
        primaryKey: ownKeys.filter((key) => key.constraint_type === "PRIMARY KEY").map((key) => key.column_name),
        numberedId: own.some((column) => column.column_name === "id" && column.is_identity === "YES"),
        references: byColumn(
          ownKeys
            .filter((key) => key.constraint_type === "FOREIGN KEY")
            .map((key) => ({ column: key.column_name, table: key.foreign_table! })),
        ),
      };
    });
  }
  const names = (
    await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
  ).rows
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING.test(name));
  const tables: TableShape[] = [];
  for (const name of names) {
    const columns = (
      await sql<{
        name: string;
        type: string;
        pk: number;
      }>`select name, type, pk from pragma_table_info(${name})`.execute(db)
    ).rows;
    const keys = (
      await sql<{ from: string; table: string }>`select "from", "table" from pragma_foreign_key_list(${name})`.execute(
        db,
      )
    ).rows;
    tables.push({
      name,
      columns: columns.map((column) => column.name),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      numberedId: columns.some(
        (column) => column.name === "id" && column.pk === 1 && column.type.toUpperCase() === "INTEGER",
      ),
      references: byColumn(keys.map((key) => ({ column: key.from, table: key.table }))),
    });
  }
  return tables;
}

/**
 * Before a database is copied as files or as a template: the planner's statistics made once (so
 * the copies plan alike) and, on SQLite, the log written into the file itself.
 */
export async function settleForCopies(db: Kysely<any>): Promise<void> {
  await sql`analyze`.execute(db);
  if (dialectOf(db) === "sqlite") await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

/** After rows were written with their ids: the next id each numbered table gives out follows the largest. */
export async function resetIdCounters(db: Kysely<any>, tables: TableShape[]): Promise<void> {
  if (dialectOf(db) !== "postgres") return; // SQLite's AUTOINCREMENT follows the largest id written.
  for (const table of tables.filter((shape) => shape.numberedId)) {
    await sql`select setval(pg_get_serial_sequence(${table.name}, 'id'), coalesce((select max(id) from ${sql.table(table.name)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
