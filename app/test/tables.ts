import { sql } from "kysely";
import { createTestDatabase } from "../../db/testing";
import type { DB } from "~/db.server";

// A test's view of a whole database: its tables, columns, ids and references, and every row, to
// compare what two runs left behind (app/api/parity.server.test.ts).

export type { DB };

/** A migrated and seeded data folder (app.db) to copy from, its connection closed. */
export async function makeTemplateDir(): Promise<string> {
  const template = await createTestDatabase();
  await template.db.destroy();
  return template.dir;
}

/** Makes the planner's statistics once and writes the log into app.db, so copies of the file open alike. */
export async function settleForCopies(db: DB): Promise<void> {
  await sql`analyze`.execute(db);
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

export interface Schema {
  tables: string[];
  columns: Record<string, string[]>;
  withId: Set<string>;
  references: Record<string, Array<{ column: string; table: string }>>;
}

export async function readSchema(db: DB): Promise<Schema> {
  // Every table but SQLite's planner statistics (sqlite_stat1, sqlite_stat4), which `pragma optimize`
  // writes when a connection opens (app/db.server.ts): SQLite's bookkeeping, not what an action did.
  const tables = (
    await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_stat%' order by name`.execute(db)
  ).rows.map((row) => row.name);
  const schema: Schema = { tables, columns: {}, withId: new Set(), references: {} };
  for (const table of tables) {
    const columns = (await sql<{ name: string; type: string; pk: number }>`select name, type, pk from pragma_table_info(${table})`.execute(db)).rows;
    schema.columns[table] = columns.map((column) => column.name);
    if (columns.some((column) => column.name === "id" && column.pk === 1 && column.type === "INTEGER")) schema.withId.add(table);
    const keys = (await sql<{ from: string; table: string }>`select "from", "table" from pragma_foreign_key_list(${table})`.execute(db)).rows;
    schema.references[table] = keys.map((key) => ({ column: key.from, table: key.table }));
  }
  return schema;
}

export type Rows = Record<string, Array<Record<string, unknown>>>;

export async function readRows(db: DB, schema: Schema): Promise<Rows> {
  const rows: Rows = {};
  for (const table of schema.tables) rows[table] = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by rowid`.execute(db)).rows;
  return rows;
}
