import { execFileSync, spawnSync, type SpawnSyncOptions } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A throw-away PostgreSQL server for the tests (Debian's `postgresql` package): a new cluster in a
// temporary folder, on a free port of loopback only, with no password (trust) and no fsync (what
// it holds is thrown away). PostgreSQL refuses to run as root, so as root it runs as the package's
// `postgres` system user. Stopped and removed by `stop()`.

export interface PostgresServer {
  /** The server's own database, as its superuser: for making and dropping the tests' databases. */
  adminUrl: string;
  stop: () => void;
}

export class PostgresMissingError extends Error {
  name = "PostgresMissingError";
}

/**
 * The folder of initdb, pg_ctl and postgres: PG_BIN, else the newest of Debian's /usr/lib/postgresql/<version>/bin,
 * else the PATH.
 */
export function postgresBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name) && existsSync(path.join(debian, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return path.join(debian, versions[0], "bin");
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (found) return path.dirname(found);
  throw new PostgresMissingError(
    "PostgreSQL's server programs (initdb, pg_ctl) were not found. Install them (Debian: apt-get install -y postgresql), " +
      "set PG_BIN to their folder, or set TEST_DATABASE_URL to a server where the tests may create databases.",
  );
}

/** The user PostgreSQL runs as: this one, or `postgres` when this one is root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line)
    throw new PostgresMissingError(
      "running as root, and there is no `postgres` system user to run PostgreSQL as (Debian's postgresql package makes one)",
    );
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** A free port of loopback, found without waiting (a child process asks; the tests' configuration uses it too). */
export function freePortNow(): number {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script]).toString().trim());
}

function run(bin: string, program: string, args: string[], options: SpawnSyncOptions) {
  const result = spawnSync(path.join(bin, program), args, { encoding: "utf8", ...options });
  if (result.status !== 0)
    throw new Error(
      `${program} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
}

/** Starts a new cluster and waits until it takes connections. */
export function startPostgres(): PostgresServer {
  const bin = postgresBinaries();
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), "referral-postgres-"));
  const data = path.join(dir, "data");
  if (user) chownSync(dir, user.uid, user.gid);
  const options: SpawnSyncOptions = {
    cwd: dir,
    ...(user ?? {}),
    env: { ...process.env, HOME: dir, LC_ALL: "C.UTF-8" },
  };
  const port = freePortNow();
  // UTF-8 with the C.UTF-8 locale: every letter has its case (lower() and the searches fold É to é),
  // and text sorts by code point, as SQLite sorts it.
  run(
    bin,
    "initdb",
    ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"],
    options,
  );
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=300",
  ].join(" ");
  run(
    bin,
    "pg_ctl",
    ["-D", data, "-l", path.join(dir, "server.log"), "-o", settings, "-w", "-t", "60", "start"],
    options,
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    spawnSync(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], { ...options, stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  };
  return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
