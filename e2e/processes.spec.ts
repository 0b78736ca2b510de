import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, open, OwnServer, send } from "./own-server";
import { openDataDir, sessionSecret } from "./support";

// One process per core (docs/product-rules.md R124): a server of the test's own with two workers behind its port. A
// worker that dies is replaced while the other answers; a stop asked for lets a request under way finish.

test.describe.configure({ mode: "serial" });

let dataDir: string;
let server: OwnServer;

/** The workers the server's process started, as the system lists them. */
function workersOf(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

async function until<T>(what: string, check: () => T | undefined | false, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test.beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "referral-processes-"));
  const { db, env } = await openDataDir(dataDir);
  await db.destroy();
  server = new OwnServer(dataDir, await sessionSecret(), await freePort(), { ...env, WEB_CONCURRENCY: "2" });
  await server.start();
});

test.afterEach(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The workers, once every one answers (the first process says so). */
async function answering(): Promise<number[]> {
  await until("every worker answering", () =>
    server.output.includes("Processes: 2 (WEB_CONCURRENCY), every one answering"),
  );
  const workers = workersOf(server.pid);
  expect(workers).toHaveLength(2);
  return workers;
}

test("two workers answer on one port, and one that dies is replaced while the other answers @http", async () => {
  const workers = await answering();
  // Each worker starts with two of the C library's memory pools (cluster.ts).
  for (const worker of workers)
    expect(readFileSync(`/proc/${worker}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");

  const [dead, alive] = workers;
  process.kill(dead, "SIGKILL");
  // Once the first process knows (a connection handed over in the instant between the death and the notice is lost
  // with the worker, as node's cluster does), the other worker answers everything while the first is replaced.
  await until("the death noticed", () => server.output.includes(`Worker ${dead} stopped`));
  for (let n = 0; n < 20; n += 1) expect((await send("GET", `${server.base}/login`)).status).toBe(200);
  const replaced = await until("a new worker", () => {
    const now = workersOf(server.pid);
    return now.length === 2 && !now.includes(dead) && now.includes(alive) ? now : false;
  });
  expect(replaced).toHaveLength(2);
  expect(server.output).toMatch(new RegExp(`Worker ${dead} stopped \\(SIGKILL\\); starting another`));
  for (let n = 0; n < 20; n += 1) expect((await send("GET", `${server.base}/healthz`)).status).toBe(200);
});

test("a stop, even given twice, lets the request under way finish, then every process ends @http", async () => {
  const workers = await answering();
  // A sign-in form half sent when the stop comes, the rest after it.
  const body = new URLSearchParams({ email: "nobody@example.com", password: "not the password 1" }).toString();
  const { request, answer } = open("POST", `${server.base}/login`, {
    "Content-Type": "application/x-www-form-urlencoded",
    "Content-Length": String(Buffer.byteLength(body)),
  });
  request.write(body.slice(0, 10));
  await new Promise((resolve) => setTimeout(resolve, 300));
  // As a stop to the whole process group comes: each worker has it, and then again from the first process.
  for (const worker of workers) process.kill(worker, "SIGTERM");
  const stopped = server.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  request.end(body.slice(10));
  const answered = await answer;
  expect(answered.status).toBe(400);
  expect(answered.body.toString()).toContain("The e-mail address or password is not right.");
  expect(await stopped).toBe(0);
  for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow();
});
