import { sql } from "kysely";
import { readTables } from "../../db/dialect";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import type { DB } from "~/db.server";

// A test's view of a whole database: its tables, columns, ids and references, and every row, to
// compare what two runs left behind (app/api/parity.server.test.ts), on SQLite or PostgreSQL alike.

export type { DB };
export { settleForCopies } from "../../db/dialect";

/** A migrated and seeded data folder and database to copy from (copyTestDatabase), its connection closed. */
export async function makeTemplateDir(): Promise<Omit<TestDatabase, "db">> {
  const { db, ...template } = await createTestDatabase();
  await db.destroy();
  return template;
}

export interface Schema {
  tables: string[];
  columns: Record<string, string[]>;
  withId: Set<string>;
  references: Record<string, Array<{ column: string; table: string }>>;
  primaryKeys: Record<string, string[]>;
}

export async function readSchema(db: DB): Promise<Schema> {
  const shapes = await readTables(db);
  return {
    tables: shapes.map((shape) => shape.name),
    columns: Object.fromEntries(shapes.map((shape) => [shape.name, shape.columns])),
    withId: new Set(shapes.filter((shape) => shape.numberedId).map((shape) => shape.name)),
    references: Object.fromEntries(shapes.map((shape) => [shape.name, shape.references])),
    primaryKeys: Object.fromEntries(shapes.map((shape) => [shape.name, shape.primaryKey])),
  };
}

export type Rows = Record<string, Array<Record<string, unknown>>>;

/** Every row of every table, in the order of its primary key. */
export async function readRows(db: DB, schema: Schema): Promise<Rows> {
  const rows: Rows = {};
  for (const table of schema.tables) {
    const order = sql.join(schema.primaryKeys[table].map((column) => sql.ref(column)));
    rows[table] = (
      await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${order}`.execute(db)
    ).rows;
  }
  return rows;
}
