import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../app/db.server";
import { createSession } from "../app/auth/session.server";
import { migrateToLatest } from "../db/migrate";
import { seed } from "../db/seed";

// A wizard step over HTTP against the production build (ARCHITECTURE §9): GET, and POST with its
// redirect, with 50 clients at once and 100,000 referrals in the database.

export const REFERRALS = 100_000;
const CLIENTS = 50;
const ROUNDS = 20;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function percentile(samples: number[], share: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

export async function fill(dataDir: string) {
  const db = openDatabase(path.join(dataDir, "app.db"));
  await migrateToLatest(db);
  await seed(db);
  const now = new Date().toISOString();
  const users: number[] = [];
  for (let n = 0; n < 200; n += 1) {
    const email = `bench-${n}@example.com`;
    const row = await db
      .insertInto("users")
      .values({ email, username: email, password_hash: "x", first_name: "Bench", last_name: `User${n}`, enabled: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("user_roles").values({ user_id: row.id, role: "ROLE_USER" }).execute();
    users.push(row.id);
  }
  const children: Array<{ id: number; user: number }> = [];
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < 10_000; n += 1) {
      const user = users[n % users.length];
      const row = await trx
        .insertInto("children")
        .values({ first_name: "Child", last_name: `Bench${n}`, birthdate: "2025-01-01", state_of_residence: "21", created_by_id: user, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      children.push({ id: row.id, user });
    }
    for (let start = 0; start < REFERRALS; start += 1000) {
      const rows = Array.from({ length: 1000 }, (_, index) => {
        const child = children[(start + index) % children.length];
        const submitted = (start + index) % 3 === 0;
        // One a minute back from now, so the lists' date sorts have real work to do.
        const stamp = new Date(Date.now() - (start + index) * 60_000).toISOString();
        return {
          child_id: child.id,
          created_by_id: child.user,
          status: submitted ? ("Submitted" as const) : ("Draft" as const),
          has_been_copied: 0 as const,
          created_at: stamp,
          updated_at: stamp,
          submission_date: submitted ? stamp : null,
          status_updated_at: submitted ? stamp : null,
        };
      });
      await trx.insertInto("referrals").values(rows).execute();
    }
  });
  // The 50 clients each edit a Draft of their own.
  const drafts = await db
    .selectFrom("referrals")
    .select(["id", "child_id", "created_by_id"])
    .where("status", "=", "Draft")
    .groupBy("created_by_id")
    .limit(CLIENTS)
    .execute();
  const clients = [];
  for (const draft of drafts) {
    const cookie = (await createSession(db, draft.created_by_id)).split(";")[0];
    clients.push({ cookie, path: `/app/child/${draft.child_id}/referral/${draft.id}/user/${draft.created_by_id}/child-information/language` });
  }
  // An administrator, who sees all 100,000 referrals in the lists.
  const admin = await db
    .insertInto("users")
    .values({ email: "bench-admin@maryland.gov", username: "bench-admin@maryland.gov", password_hash: "x", first_name: "Bench", last_name: "Admin", enabled: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("user_roles").values([{ user_id: admin.id, role: "ROLE_USER" }, { user_id: admin.id, role: "ROLE_ADMIN" }]).execute();
  const adminCookie = (await createSession(db, admin.id)).split(";")[0];
  await db.destroy();
  return { clients, admin: { id: admin.id, cookie: adminCookie } };
}

export interface BenchServer {
  base: string;
  pid: number;
  clients: Array<{ cookie: string; path: string }>;
  admin: { id: number; cookie: string };
  databaseFile: string;
  stop: () => void;
}

/** The production build on a free port, over a fresh data folder holding the 100,000 referrals. */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "referral-bench-"));
  const port = await freePort();
  // The sessions made here must be read by the server: same data folder, same secret.
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = randomBytes(32).toString("hex");
  const server = spawn("node", ["build/server.js"], {
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", APP_URL: `http://localhost:${port}` },
    stdio: "ignore",
  });
  const stop = () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { clients, admin } = await fill(dataDir);
    const base = `http://localhost:${port}`;
    for (let attempt = 0; ; attempt += 1) {
      const ready = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
      if (ready) break;
      if (attempt > 100) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { base, pid: server.pid!, clients, admin, databaseFile: path.join(dataDir, "app.db"), stop };
  } catch (error) {
    stop();
    throw error;
  }
}

export async function benchWizard({ base, clients }: BenchServer): Promise<{ get: { p50: number; p95: number }; post: { p50: number; p95: number }; requests: number }> {
  // One unmeasured round first: the server's code is compiled on its first requests.
  for (const { cookie, path: step } of clients.slice(0, 5)) await (await fetch(`${base}${step}`, { headers: { Cookie: cookie } })).text();
  const gets: number[] = [];
  const posts: number[] = [];
  await Promise.all(
    clients.map(async ({ cookie, path: step }, index) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        let start = performance.now();
        const page = await fetch(`${base}${step}`, { headers: { Cookie: cookie } });
        await page.text();
        if (page.status !== 200) throw new Error(`GET ${step}: ${page.status}`);
        gets.push(performance.now() - start);
        start = performance.now();
        const body = new URLSearchParams({ primaryLanguage: String(1 + ((index + round) % 20)), intent: "save" });
        const saved = await fetch(`${base}${step}`, { method: "POST", body, redirect: "manual", headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" } });
        await saved.text();
        if (saved.status !== 302) throw new Error(`POST ${step}: ${saved.status}`);
        posts.push(performance.now() - start);
      }
    }),
  );
  return {
    get: { p50: percentile(gets, 0.5), p95: percentile(gets, 0.95) },
    post: { p50: percentile(posts, 0.5), p95: percentile(posts, 0.95) },
    requests: gets.length + posts.length,
  };
}
