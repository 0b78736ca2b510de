import { Migrator, type Kysely } from "kysely";
import { getConfig } from "../app/config.server";
import { checkDatabase, describeDatabase, openDatabase } from "../app/db.server";
import { migrationProvider } from "./migrations";
import { runAsCommand } from "./command";

/** Runs every migration not yet applied, in order; safe to run on any earlier state. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
  return results.map((result) => result.migrationName);
}

async function main() {
  const config = getConfig();
  const db = openDatabase(config.database);
  const where = describeDatabase(config.database);
  try {
    await checkDatabase(db, config.database);
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `Migrated ${where}: ${applied.join(", ")}` : `Database is up to date (${where})`);
  } finally {
    await db.destroy();
  }
}

runAsCommand(import.meta, main);
