import { getDb, type DB } from "~/db.server";
import { forgetSingleton } from "~/utils/singleton.server";

// The application reads its data folder and database through two process-wide instances: the
// configuration (getConfig: uploads, reports, outbox, the database's place) and the database
// (getDb: what the sign-in reads). A test that runs the same request against several data folders
// points both at one folder at a time. SESSION_SECRET must stay set across folders, so that
// cookies signed earlier are still read.

/**
 * Points getConfig and getDb at a test's data folder and database (db/testing.ts), closing the database used before.
 */
export async function openDataDir(test: { env: { DATA_DIR: string; DATABASE_URL?: string } }): Promise<DB> {
  await closeDataDir();
  process.env.DATA_DIR = test.env.DATA_DIR;
  if (test.env.DATABASE_URL) process.env.DATABASE_URL = test.env.DATABASE_URL;
  else delete process.env.DATABASE_URL;
  return getDb();
}

/**
 * Closes the process's database, so that it can be copied or removed, and forgets the configuration and the mail
 * transport made from it, so that the next are made from the environment then.
 */
export async function closeDataDir(): Promise<void> {
  const open = forgetSingleton("db") as DB | undefined;
  await open?.destroy();
  forgetSingleton("config");
  (forgetSingleton("mailTransport") as { close(): void } | undefined)?.close();
}
