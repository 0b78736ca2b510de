import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { devNull } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { APPLICATION_NAME, describeDatabase } from "../app/db.server";
import { BackupError, isPlainName, REQUIRED_TABLES, unknownMigrations, type NamedFiles } from "./backup";
import { PostgresMissingError, postgresBinaries } from "./postgres-server";

// PostgreSQL's half of `npm run db:backup` (DATABASE_URL set): the database is written by pg_dump
// in its custom format, one consistent snapshot of the whole database, and the documents and
// reports to copy beside it are read from that dump, so they match it and not a later state.

/** The database's file in a backup folder (a SQLite backup holds app.db instead). */
export const DUMP_FILE = "database.dump";

/** What a custom-format dump starts with. */
export const DUMP_HEADER = "PGDMP";

type ClientProgram = "pg_dump" | "pg_restore" | "psql";

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A client program's path: in PG_BIN, else beside the server's programs (postgresBinaries), else on the PATH. */
export function clientProgram(name: ClientProgram): string {
  const folders: string[] = [];
  try {
    folders.push(postgresBinaries());
  } catch (error) {
    if (!(error instanceof PostgresMissingError)) throw error;
  }
  folders.push(...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean));
  const found = folders.map((folder) => path.join(folder, name)).find(isExecutable);
  if (found) return found;
  throw new BackupError(
    `${name}, one of PostgreSQL's client programs, was not found (looked in PG_BIN, /usr/lib/postgresql/<version>/bin and the PATH): ` +
      "install them (Debian: apt-get install postgresql-client, of the server's major version or newer) or set PG_BIN to their folder",
  );
}

/**
 * The address for a client program's command line, without the password: that goes in PGPASSWORD,
 * since every user of the machine can read a command line. The programs name themselves apart
 * from the application, so that a restore does not take them for a running instance.
 */
export function clientConnection(url: string, purpose: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: `${APPLICATION_NAME}-${purpose}` };
  if (password) env.PGPASSWORD = password;
  return { dbname: address.toString(), env };
}

/** The exit code of a program once its output is read to the end (null when a signal ended it). */
export function finished(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve(code));
  });
}

/** What a program writes to a stream, kept to show when it fails. */
export function collected(stream: NodeJS.ReadableStream | null): () => string {
  let text = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => (text += chunk));
  return () => text.trim();
}

/**
 * Runs a client program; its output, or, when it fails, a BackupError that starts with `failure`
 * and ends with what the program said. With `onLine`, the output is handed over line by line instead.
 */
async function runClient(
  name: ClientProgram,
  args: string[],
  failure: string,
  { env = process.env, onLine }: { env?: NodeJS.ProcessEnv; onLine?: (line: string) => void } = {},
): Promise<string> {
  const child = spawn(clientProgram(name), args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const errors = collected(child.stderr);
  let output = "";
  if (onLine) createInterface({ input: child.stdout!, crlfDelay: Infinity }).on("line", onLine);
  else child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await finished(child);
  if (code !== 0) throw new BackupError(`${failure}: ${errors() || `${name} stopped (${code ?? "killed"})`}`);
  return output;
}

/** Writes the whole database to `file` with pg_dump, in its custom format (`pg_restore` reads it back). */
export async function dumpDatabase(url: string, file: string): Promise<void> {
  const { dbname, env } = clientConnection(url, "backup");
  await runClient(
    "pg_dump",
    ["--format=custom", "--no-password", `--file=${file}`, `--dbname=${dbname}`],
    `pg_dump could not dump ${describeDatabase(url)}`,
    {
      env,
    },
  );
}

/** One COPY field as pg_dump writes it: \N is null, a backslash starts an escape. */
function copyField(field: string): string | null {
  if (field === "\\N") return null;
  const escapes: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
  return field.replace(/\\(.)/g, (_, character: string) => escapes[character] ?? character);
}

/** A name as pg_dump writes it: quoted when it has to be. */
const unquoted = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name);

/** The rows the dump holds for `tables` (the data only, as text, read by pg_restore). */
async function dumpedRows(file: string, tables: string[]): Promise<Map<string, Array<Record<string, string | null>>>> {
  const rows = new Map<string, Array<Record<string, string | null>>>();
  let current: { rows: Array<Record<string, string | null>>; columns: string[] } | null = null;
  const onLine = (line: string) => {
    if (current) {
      if (line === "\\.") current = null;
      else
        current.rows.push(
          Object.fromEntries(line.split("\t").map((field, index) => [current!.columns[index], copyField(field)])),
        );
      return;
    }
    const copy = /^COPY (\S+) \((.*)\) FROM stdin;$/.exec(line);
    if (!copy) return;
    const table = unquoted(copy[1].slice(copy[1].lastIndexOf(".") + 1));
    current = { rows: rows.get(table) ?? [], columns: copy[2].split(", ").map(unquoted) };
    rows.set(table, current.rows);
  };
  await runClient(
    "pg_restore",
    ["--data-only", ...tables.map((table) => `--table=${table}`), "--file=-", file],
    `${file} cannot be read`,
    { onLine },
  );
  return rows;
}

/**
 * Refuses a dump that is not whole or not this application's, as checkDatabase refuses a SQLite
 * file: pg_restore reads its list of contents, then all of it; then the tables every version has,
 * then no migration newer than this code knows. Returns the files the dumped database names.
 */
export async function checkDump(file: string): Promise<NamedFiles> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file} is not a file`);
  const contents = await runClient(
    "pg_restore",
    ["--list", file],
    `${file} is not a database dump made by npm run db:backup (pg_dump's custom format)`,
  );
  await runClient("pg_restore", [`--file=${devNull}`, file], `${file} is damaged`);
  const tables = new Set([...contents.matchAll(/^\d+; \d+ \d+ TABLE \S+ (\S+) /gm)].map((match) => unquoted(match[1])));
  for (const table of REQUIRED_TABLES) {
    if (!tables.has(table))
      throw new BackupError(`${file} is not this application's database (it has no ${table} table)`);
  }
  const rows = await dumpedRows(file, ["kysely_migration", "referral_documents", "generated_reports"]);
  const unknown = await unknownMigrations((rows.get("kysely_migration") ?? []).map((row) => row.name ?? ""));
  if (unknown.length)
    throw new BackupError(
      `${file} comes from a newer version of the application (migrations ${unknown.join(", ")}): restore it with that version`,
    );
  const documents = (rows.get("referral_documents") ?? [])
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => ({ name: row.file_path ?? "", size: Number(row.size_bytes) }))
    .filter((document) => isPlainName(document.name));
  const reports = (rows.get("generated_reports") ?? [])
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => row.file_name ?? "")
    .filter(isPlainName);
  return { documents, reports };
}

/** Dumps the database into `folder` (database.dump) and checks the dump; the files it names. */
export async function backupPostgresInto(url: string, folder: string): Promise<NamedFiles> {
  const file = path.join(folder, DUMP_FILE);
  await dumpDatabase(url, file);
  return checkDump(file);
}
