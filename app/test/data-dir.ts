import { getDb, type DB } from "~/db.server";
import { forgetSingleton } from "~/utils/singleton.server";

// The application reads its data folder through two process-wide instances: the configuration
// (getConfig: uploads, reports, outbox) and the database (getDb: what the sign-in reads). A test
// that runs the same request against several data folders points both at one folder at a time.
// SESSION_SECRET must stay set across folders, so that cookies signed earlier are still read.

/** Points getConfig and getDb at `dir` (its app.db), closing the database used before. */
export async function openDataDir(dir: string): Promise<DB> {
  await closeDataDir();
  process.env.DATA_DIR = dir;
  return getDb();
}

/** Closes the process's database, so its file can be copied or removed. */
export async function closeDataDir(): Promise<void> {
  const open = forgetSingleton("db") as DB | undefined;
  await open?.destroy();
  forgetSingleton("config");
}
