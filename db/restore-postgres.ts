import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { APPLICATION_NAME, describeDatabase } from "../app/db.server";
import { BackupError, stagingFolderFor, type DataPaths } from "./backup";
import {
  checkDump,
  clientConnection,
  clientProgram,
  collected,
  DUMP_FILE,
  dumpDatabase,
  finished,
} from "./backup-postgres";
import { Renames, stageNamedFiles, swapFileFolders, timestamp, type RestoreSummary } from "./restore";

// PostgreSQL's half of `npm run db:restore` (DATABASE_URL set). The backup's dump is checked first
// (pg_restore reads it whole; this application's, of no newer version). What it replaces is kept in
// DATA_DIR/before-restore-<time>/ as a backup is (the database dumped, the uploads and reports
// moved), then the dump is restored in one transaction: if anything fails, the database is as it was.

/**
 * How many connections of the application, other than this one, the database has: every instance names its connections
 * APPLICATION_NAME.
 */
async function applicationConnections(url: string): Promise<number> {
  const client = new pg.Client({
    connectionString: url,
    application_name: `${APPLICATION_NAME}-restore`,
    connectionTimeoutMillis: 10_000,
  });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `cannot connect to the PostgreSQL database at ${describeDatabase(url)} (check DATABASE_URL): ${(error as Error).message}`,
    );
  }
  try {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()",
      [APPLICATION_NAME],
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

async function refuseWhileInUse(url: string) {
  const count = await applicationConnections(url);
  if (count) {
    throw new BackupError(
      `${describeDatabase(url)} is in use: stop every instance of the server that uses it (and any npm run db:migrate or db:seed), then restore ` +
        `(${count} connection(s) named ${APPLICATION_NAME} are open)`,
    );
  }
}

/**
 * Run before the dump's own statements (which drop and make again what the dump holds): drops every
 * table, view, sequence and function of the schema, so that what a later version added (a table
 * that refers to users, say) neither stops the restore nor outlives it.
 */
const CLEAR_SCHEMA = `set client_min_messages = warning;
do $$
declare statement text;
begin
  for statement in
    select format('drop %s if exists %I.%I cascade',
      case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
      n.nspname, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relkind = 'S' -- the sequences of identity columns go with their tables
  loop
    execute statement;
  end loop;
  for statement in
    select format('drop %s if exists %s cascade', case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end, p.oid::regprocedure)
    from pg_proc p
    where p.pronamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  loop
    execute statement;
  end loop;
end $$;
`;

/**
 * Replaces everything the database holds with the dump's, in one transaction: pg_restore writes the
 * dump as SQL, psql runs it, and the commit is sent only once pg_restore has written all of it
 * without error. A failing statement stops psql, and a connection that ends without the commit is
 * rolled back by PostgreSQL.
 */
async function replaceDatabase(url: string, dump: string): Promise<void> {
  const { dbname, env } = clientConnection(url, "restore");
  const script = spawn(clientProgram("pg_restore"), ["--clean", "--if-exists", "--no-owner", "--file=-", dump], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const psql = spawn(
    clientProgram("psql"),
    ["--no-psqlrc", "--quiet", "--no-password", "--set=ON_ERROR_STOP=1", "--file=-", `--dbname=${dbname}`],
    {
      env,
      stdio: ["pipe", "ignore", "pipe"],
    },
  );
  const scriptErrors = collected(script.stderr);
  const psqlErrors = collected(psql.stderr);
  const scriptDone = finished(script);
  const psqlDone = finished(psql);
  // Once psql has stopped (at a failing statement), what pg_restore still writes has no reader.
  psql.once("exit", () => script.kill());
  psql.stdin.on("error", () => undefined);
  psql.stdin.write(`begin;\n${CLEAR_SCHEMA}`);
  script.stdout.pipe(psql.stdin, { end: false });
  const scriptCode = await scriptDone;
  psql.stdin.end(scriptCode === 0 ? "commit;\n" : "");
  const psqlCode = await psqlDone;
  if (scriptCode !== 0 || psqlCode !== 0) {
    throw new BackupError(
      `${dump} could not be restored into ${describeDatabase(url)}, which was left as it was: ${psqlErrors() || scriptErrors() || "pg_restore stopped"}`,
    );
  }
}

/**
 * restoreDataDir on PostgreSQL: `from` is a backup folder (database.dump, uploads/, reports/) or a dump alone (the
 * database only).
 */
export async function restorePostgres(paths: DataPaths, url: string, from: string, now: Date): Promise<RestoreSummary> {
  const isFolder = statSync(from).isDirectory();
  const dump = isFolder ? path.join(from, DUMP_FILE) : from;
  if (!existsSync(dump))
    throw new BackupError(`${from} holds no ${DUMP_FILE}: give the folder that npm run db:backup made`);
  await refuseWhileInUse(url);
  const named = await checkDump(dump);

  // The files are copied and checked inside the data folder first (the same disk, so the swap below is a few renames).
  mkdirSync(paths.dataDir, { recursive: true });
  const staging = stagingFolderFor(path.join(paths.dataDir, "restore"));
  mkdirSync(staging);
  const previous = path.join(paths.dataDir, `before-restore-${timestamp(now)}`);
  let madePrevious = false;
  const renames = new Renames();
  try {
    const missing = isFolder ? stageNamedFiles(named, from, staging) : [];
    mkdirSync(previous);
    madePrevious = true;
    await dumpDatabase(url, path.join(previous, DUMP_FILE));
    // Checked again just before anything is replaced: an instance may have been started meanwhile.
    await refuseWhileInUse(url);
    if (isFolder) swapFileFolders(paths, staging, previous, renames);
    await replaceDatabase(url, dump);
    rmSync(staging, { recursive: true, force: true });
    return {
      previous,
      documents: isFolder ? named.documents.length : 0,
      reports: isFolder ? named.reports.length : 0,
      missing,
    };
  } catch (error) {
    // Nothing was replaced: a copy of the database as it still is would only mislead, once the files are back.
    if (renames.undo() && madePrevious) rmSync(previous, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
