import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { startPostgres } from "../db/postgres-server";

// `npm test`: the phases of the test run in turn, each an npm script of package.json, stopping at the first that
// fails, then how many minutes each took (docs/testing.md). The type check and the lint run at once: each is one
// process, and the machine has two cores; the translations' check beside them takes a second. The PostgreSQL phases
// share one throw-away server (db/postgres-server.ts), or the one TEST_DATABASE_URL names.

interface Phase {
  name: string;
  /** npm scripts run at once; their output is shown whole as each ends, not mixed line by line. */
  scripts: string[];
  postgres?: boolean;
}

/**
 * Whether the packages' own install steps have run. CI installs with `npm ci --ignore-scripts` (.ci/run), so that
 * better-sqlite3's compiling of SQLite (two minutes of one core, on a machine with no way to its prebuilt copies)
 * runs here beside the type check and the lint, which need none of it, instead of before them.
 */
const packagesBuilt = existsSync("node_modules/better-sqlite3/build/Release/better_sqlite3.node");

const PHASES: Phase[] = [
  {
    name: packagesBuilt
      ? "type check, lint and translations, at once"
      : "type check, lint, translations and the packages' builds",
    scripts: ["typecheck", "lint", "check:locales", ...(packagesBuilt ? [] : ["build:packages"])],
  },
  { name: "unit tests on SQLite", scripts: ["test:unit"] },
  { name: "build", scripts: ["build"] },
  { name: "browser tests on SQLite", scripts: ["test:browser"] },
  { name: "unit tests on PostgreSQL", scripts: ["test:postgres:unit"], postgres: true },
  { name: "browser tests on PostgreSQL", scripts: ["test:postgres:browser"], postgres: true },
];

function runScript(script: string, env: NodeJS.ProcessEnv, alone: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      env,
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const minutes = (ms: number) => (ms / 60_000).toFixed(1).padStart(5);
const done: Array<{ name: string; ms: number; failed: boolean }> = [];

function report() {
  const width = Math.max(...PHASES.map((phase) => phase.name.length), 9);
  console.log(`\n${"phase".padEnd(width)}  minutes`);
  for (const phase of done)
    console.log(`${phase.name.padEnd(width)}  ${minutes(phase.ms)}${phase.failed ? "  failed" : ""}`);
  console.log(`${"the whole".padEnd(width)}  ${minutes(done.reduce((sum, phase) => sum + phase.ms, 0))}`);
}

let postgres: { stop: () => void } | undefined;
const env = { ...process.env };
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    postgres?.stop();
    process.exit(1);
  });
}

let failed = false;
for (const phase of PHASES) {
  const start = Date.now();
  if (phase.postgres && !env.TEST_DATABASE_URL) {
    const server = startPostgres();
    postgres = server;
    env.TEST_DATABASE_URL = server.adminUrl;
  }
  console.log(`\n== ${phase.name}`);
  const results = await Promise.all(phase.scripts.map((script) => runScript(script, env, phase.scripts.length === 1)));
  for (const [index, result] of results.entries()) {
    if (phase.scripts.length > 1) process.stdout.write(`-- npm run ${phase.scripts[index]}\n${result.output}`);
  }
  failed = results.some((result) => result.code !== 0);
  done.push({ name: phase.name, ms: Date.now() - start, failed });
  if (failed) break;
}
postgres?.stop();
report();
process.exit(failed ? 1 : 0);
