import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { isPostgresUrl } from "../app/db.server";
import { freePort } from "./http";

// One process of the production build (`node build/server.js`) on a free port, over a data folder
// and a database (the SQLite file in it, or a PostgreSQL address), as an installation runs it.

export interface Instance {
  base: string;
  pid: number;
  /** The end of what the process wrote: why it failed, when it did. */
  recentOutput: () => string;
  /** SIGTERM, and the process's exit. */
  stop: () => Promise<void>;
}

export interface InstanceSettings {
  dataDir: string;
  /** The SQLite file (in dataDir), or a postgres:// address given to the server as DATABASE_URL. */
  database: string;
  /** The address people open; a second instance behind the same address is given the first's. */
  appUrl?: string;
  /** Options for node itself, before the script (a CPU profile). */
  nodeArgs?: string[];
  /** Settings of this instance's own (WEB_CONCURRENCY). */
  env?: Record<string, string>;
}

const START_MS = 30_000;
const BENCH_SECRETS_KEY = randomBytes(32).toString("base64");

export async function startInstance({
  dataDir,
  database,
  appUrl,
  nodeArgs = [],
  env: own = {},
}: InstanceSettings): Promise<Instance> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "production",
    // Production over http on loopback, with a key of the run's for the authenticator keys (docs/configuration.md:
    // ALLOW_HTTP, SECRETS_KEY).
    ALLOW_HTTP: "1",
    SECRETS_KEY: process.env.SECRETS_KEY ?? BENCH_SECRETS_KEY,
    DATA_DIR: dataDir,
    APP_URL: appUrl ?? base,
    // The JSON API's limit per caller (600 a minute) would answer the load with 429s: raised, as in the browser tests.
    API_RATE_LIMIT: "1000000",
    ...own,
  };
  // Set only as asked: a DATABASE_URL left in the shell must not turn a SQLite run into a PostgreSQL one.
  if (isPostgresUrl(database)) env.DATABASE_URL = database;
  else delete env.DATABASE_URL;
  const server = spawn(process.execPath, [...nodeArgs, "build/server.js"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [server.stdout!, server.stderr!])
    stream.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000)));
  const exited = once(server, "exit");
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill();
    await exited;
  };
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server stopped at start:\n${output}`);
    const ready = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, pid: server.pid!, recentOutput: () => output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz in ${START_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `work` with an instance of its own, stopped after. */
export async function withInstance<T>(
  settings: InstanceSettings,
  work: (instance: Instance) => Promise<T>,
): Promise<T> {
  const instance = await startInstance(settings);
  try {
    return await work(instance);
  } finally {
    await instance.stop();
  }
}
