import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { freePortNow } from "../db/postgres-server";
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from "./chromium";

// The browser tests run against the production build, started by `npm start` on a free port
// with a fresh data folder (and, on PostgreSQL, a fresh database). Workers read the same values from the environment
// the main
// process set, so they all talk to the one server.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * On the PostgreSQL half of `npm test` (TEST_DATABASE_URL: a server where the tests may make
 * databases, see db/with-postgres.ts), a new empty database for the run's server; its address.
 */
function newPostgresDatabase(adminUrl: string): string {
  const name = `referral_e2e_${randomBytes(6).toString("hex")}`;
  const script = `const { Client } = require("pg"); const c = new Client(process.argv[1]);
    c.connect().then(() => c.query("create database ${name}")).then(() => c.end(), (e) => { console.error(e.message); process.exit(1); });`;
  execFileSync(process.execPath, ["-e", script, adminUrl], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

process.env.E2E_PORT ??= String(freePortNow());
// The key that seals authenticator keys, which production asks for once an administrator exists (docs/security.md, Keys
// at rest):
// one for the run, shared by the server, the servers tests start of their own, and the tests' helpers.
process.env.SECRETS_KEY ??= randomBytes(32).toString("base64");
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "referral-e2e-"));
if (process.env.TEST_DATABASE_URL) process.env.E2E_DATABASE_URL ??= newPostgresDatabase(process.env.TEST_DATABASE_URL);
// The server and the tests' own helpers (e2e/support.ts) then read and write that database.
if (process.env.E2E_DATABASE_URL) process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: ".",
  outputDir: "results",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    // No trace is recorded as the tests run: recording one for every test (pictures of the screen as it changes, and a
    // copy of the page at each step) cost nearly half their time, on a machine whose two cores the run keeps busy.
    // To see a failure step by step, run its test again with `--trace on`
    // (docs/decisions/0023-the-run-fits-its-hour.md).
    trace: "off",
    // Nor a screenshot: waiting to take one on failure cost a tenth of a CPU-second on every test, passing or not, and
    // CI shows only what the run prints. A failure still leaves its error context (the page as an accessibility tree).
    screenshot: "off",
    // One browser context for a worker's tests, emptied between them by Playwright (cookies, storage, pages, routes,
    // init scripts, the fake clock): a new context for every test cost about a third of a CPU-second
    // (docs/decisions/0025-a-worker-keeps-its-browser-context.md).
    reuseContext: true,
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      // V8 runs the pages' scripts without its optimizing compilers (Maglev, TurboFan): a test's documents live
      // seconds,
      // and axe, put into each, was compiled again and again for runs too short to repay it. The accessibility suite
      // took a quarter less time, the flows the same (docs/decisions/0024-each-check-once-where-it-belongs.md). The
      // benchmark's browser (bench/lighthouse.ts) keeps them: it measures what a person waits for.
      args: [...CHROMIUM_ARGS, "--js-flags=--max-opt=1"],
    },
  },
  projects: [
    // A flow's run tagged @with-js or @without-js runs in that project alone (eachLanguageOnce, e2e/fixtures.ts).
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@without-js/ },
    // Tests tagged @js-only check what only JavaScript adds (the inactivity dialog, other tabs);
    // tests tagged @http send requests without a page, the same with or without JavaScript, and those tagged
    // @both-modes open their pages with JavaScript and without themselves: run once.
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only|@http|@both-modes|@with-js/ },
  ],
  webServer: {
    command: "npm start",
    cwd: root,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "pipe",
    // maryland.gov is the approved administrators' domain of the tests (promotion needs one); the
    // JSON API's limit per caller is raised for the fuzz test's thousands of calls (its 429 is a unit test).
    env: {
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "production",
      // Production over http on this machine's loopback, as the operator would say it (docs/configuration.md:
      // ALLOW_HTTP).
      ALLOW_HTTP: "1",
      SECRETS_KEY: process.env.SECRETS_KEY,
      ADMIN_EMAIL_DOMAINS: "maryland.gov",
      API_RATE_LIMIT: "100000",
      // The run's output shows the server's warnings and errors, not a line for each of its many thousand requests
      // (e2e/operations.spec.ts reads those of a server of its own).
      LOG_LEVEL: "warn",
    },
  },
});
