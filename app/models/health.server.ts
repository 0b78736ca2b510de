import { randomBytes } from "node:crypto";
import { statfs, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Migrator, sql } from "kysely";
import type { DB } from "~/db.server";
import { migrationProvider } from "../../db/migrations";

// Not traced(): a span here would make a trace of every load balancer probe.

/** Asks the database the smallest question there is (for /healthz); throws when it does not answer. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/** What /readyz asks for: the data folder (its uploads, reports and outbox), and whether the server is stopping. */
export interface ReadinessOptions {
  dataDir: string;
  draining: boolean;
  /** Below this much free space in the data folder, not ready: 1 GB. */
  minFreeBytes?: number;
  /** How long the database has to answer: a load balancer's probe does not wait long. */
  timeoutMs?: number;
}

const GB = 1024 ** 3;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error("no answer in time")), ms)),
  );
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Migrations this build has that the database lacks (a newer instance started too early). */
async function missingMigrations(db: DB): Promise<number> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return migrations.filter((migration) => !migration.executedAt).length;
}

/**
 * Why this instance should not get requests, or nothing (R145). Reasons name no address, path or figure: the endpoint
 * is public.
 */
export async function readiness(
  db: DB,
  { dataDir, draining, minFreeBytes = GB, timeoutMs = 3000 }: ReadinessOptions,
): Promise<string[]> {
  const database = within(pingDatabase(db), timeoutMs).then(
    () =>
      within(missingMigrations(db), timeoutMs).then(
        (missing) =>
          missing ? [`the database lacks ${missing} migration(s) of this version: run npm run db:migrate`] : [],
        () => ["the database's migrations cannot be read"],
      ),
    () => ["the database does not answer"],
  );
  const probe = path.join(dataDir, `.ready-${process.pid}-${randomBytes(4).toString("hex")}`);
  const writable = writeFile(probe, "").then(
    () => unlink(probe).then(() => []),
    () => ["the data folder cannot be written"],
  );
  const space = statfs(dataDir).then(
    (stats) => (stats.bavail * stats.bsize < minFreeBytes ? ["the data folder has under 1 GB free"] : []),
    () => ["the data folder cannot be read"],
  );
  const reasons = (await Promise.all([database, writable, space])).flat();
  return draining ? ["the server is stopping", ...reasons] : reasons;
}
