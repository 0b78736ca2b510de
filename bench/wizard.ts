import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../app/db.server";
import { createSession } from "../app/auth/session.server";
import { migrateToLatest } from "../db/migrate";
import { seed } from "../db/seed";
import { freePort, load, loadAgainstCeiling, type LoadFigure, type LoadRequest, type PageFigure } from "./http";

// A wizard step over HTTP against the production build (ARCHITECTURE §9): GET, and POST with its
// redirect, with 50 clients at once and 100,000 referrals in the database.

export const REFERRALS = 100_000;
export const USERS = 20_000;
export const CHILDREN = 50_000;
export const CLIENTS = 50;

export async function fill(dataDir: string) {
  const db = openDatabase(path.join(dataDir, "app.db"));
  await migrateToLatest(db);
  await seed(db);
  const now = new Date().toISOString();
  const users: number[] = [];
  const children: Array<{ id: number; user: number }> = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, index) => {
        const email = `bench-${start + index}@example.com`;
        return { email, username: email, password_hash: "x", first_name: "Bench", last_name: `User${start + index}`, enabled: 1 as const, last_login: now };
      });
      const made = await trx.insertInto("users").values(rows).returning("id").execute();
      await trx
        .insertInto("user_roles")
        .values(made.map(({ id }) => ({ user_id: id, role: "ROLE_USER" as const })))
        .execute();
      users.push(...made.map(({ id }) => id));
    }
    for (let start = 0; start < CHILDREN; start += 500) {
      const rows = Array.from({ length: 500 }, (_, index) => ({
        first_name: "Child",
        last_name: `Bench${start + index}`,
        birthdate: "2025-01-01",
        state_of_residence: "21",
        created_by_id: users[(start + index) % users.length],
        created_at: now,
        updated_at: now,
      }));
      const made = await trx.insertInto("children").values(rows).returning(["id", "created_by_id"]).execute();
      children.push(...made.map(({ id, created_by_id }) => ({ id, user: created_by_id })));
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
    .values({
      email: "bench-admin@maryland.gov",
      username: "bench-admin@maryland.gov",
      password_hash: "x",
      first_name: "Bench",
      last_name: "Admin",
      enabled: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("user_roles")
    .values([
      { user_id: admin.id, role: "ROLE_USER" },
      { user_id: admin.id, role: "ROLE_ADMIN" },
    ])
    .execute();
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
    // The JSON API's limit per caller (600 a minute) would answer the load with 429s: raised, as in the browser tests.
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", APP_URL: `http://localhost:${port}`, API_RATE_LIMIT: "1000000" },
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
      const ready = await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
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

export interface WizardFigures {
  get: PageFigure;
  getAlone: PageFigure;
  post: LoadFigure;
}

const SECONDS = 15;

/** The step of the language of the child: GET, and POST with its redirect; the GET against the bare node:http ceiling. */
export async function benchWizard(server: BenchServer): Promise<WizardFigures> {
  const { base, clients } = server;
  const folder = path.dirname(server.databaseFile);
  // Unmeasured first requests: the server's code is compiled on its first requests.
  for (const { cookie, path: step } of clients.slice(0, 10)) await (await fetch(`${base}${step}`, { headers: { Cookie: cookie } })).text();
  const client = (n: number) => clients[n % clients.length];
  const getOf = (n: number): LoadRequest => ({ path: client(n).path, headers: { Cookie: client(n).cookie } });
  const get = await loadAgainstCeiling(base, folder, { connections: CLIENTS, seconds: SECONDS, requestOf: getOf });
  const getAlone = await loadAgainstCeiling(base, folder, { connections: 1, seconds: SECONDS, requestOf: getOf });
  const post = await load(base, {
    connections: CLIENTS,
    seconds: SECONDS,
    status: 302,
    requestOf: (n) => ({
      method: "POST",
      path: client(n).path,
      headers: { Cookie: client(n).cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ primaryLanguage: String(1 + (n % 20)), intent: "save" }).toString(),
    }),
  });
  return { get, getAlone, post };
}
