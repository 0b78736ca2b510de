import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type DB } from "../app/db.server";
import { migrateToLatest } from "./migrate";
import { seed } from "./seed";

export interface TestDatabase {
  db: DB;
  dir: string;
  file: string;
  close: () => Promise<void>;
}

/** A real SQLite file in a new temporary folder, migrated and (unless told not to) seeded. */
export async function createTestDatabase({ seeded = true } = {}): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "referral-test-"));
  const file = path.join(dir, "app.db");
  const db = openDatabase(file);
  await migrateToLatest(db);
  if (seeded) await seed(db);
  return {
    db,
    dir,
    file,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
