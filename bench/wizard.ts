import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../app/db.server";
import { createSession } from "../app/auth/session.server";
import { keepReferralFigures } from "../app/models/insight.server";
import { migrateToLatest } from "../db/migrate";
import { seed } from "../db/seed";
import { dropPostgresDatabase } from "../db/testing";
import { load, loadAcross, loadAgainstCeiling, type LoadFigure, type LoadRequest, type PageFigure } from "./http";
import { startInstance, type Instance } from "./instance";
import { moveToPostgres, type MoveFigures } from "./postgres";

// A wizard step over HTTP against the production build (docs/architecture.md, The budgets): GET, and POST with its
// redirect, with 50 clients at once and 100,000 referrals in the database.

/**
 * 100,000 referrals; BENCH_REFERRALS asks for fewer (users and children in proportion), only to check that the
 * benchmark runs end to end.
 */
export const REFERRALS = benchSize(process.env.BENCH_REFERRALS);
export const USERS = REFERRALS / 5;
export const CHILDREN = REFERRALS / 2;
export const CLIENTS = 50;

function benchSize(asked: string | undefined): number {
  if (asked === undefined) return 100_000;
  const size = Number(asked);
  // A multiple of 10, so that a fifth (the users) and a half (the children) are whole; enough users for the 50 clients.
  if (!Number.isInteger(size) || size < 1_000 || size % 10 !== 0)
    throw new Error(`BENCH_REFERRALS must be a whole number of at least 1,000 ending in 0 (got ${asked})`);
  return size;
}

export async function fill(dataDir: string) {
  const db = openDatabase(path.join(dataDir, "app.db"));
  await migrateToLatest(db);
  await seed(db);
  const now = new Date().toISOString();
  // What the program insight page counts (docs/product-rules.md R127) spread over the seeded codes: each user's one
  // address in a county, a referral source, reasons, and a first status change for two submitted referrals in three.
  const codes = async (type: string) =>
    (await db.selectFrom("lookups").select("code").where("type", "=", type).orderBy("list_order").execute()).map(
      (row) => row.code,
    );
  const [counties, sources, concerns] = [
    await codes("Counties"),
    await codes("References"),
    await codes("RefReasons_ConcernsDevelopmental"),
  ];
  // Each county's local program (docs/product-rules.md R137): a submitted referral belongs to its address's county's.
  const programOf = new Map(
    (await db.selectFrom("local_programs").select(["id", "jurisdiction"]).execute()).map((program) => [
      program.jurisdiction,
      program.id,
    ]),
  );
  const addressOf = new Map<number, number>();
  const countyOf = new Map<number, string>();
  const users: number[] = [];
  const children: Array<{ id: number; user: number }> = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += 500) {
      const rows = Array.from({ length: Math.min(500, USERS - start) }, (_, index) => {
        const email = `bench-${start + index}@example.com`;
        return {
          email,
          username: email,
          password_hash: "x",
          first_name: "Bench",
          last_name: `User${start + index}`,
          enabled: 1 as const,
          last_login: now,
        };
      });
      const made = await trx.insertInto("users").values(rows).returning("id").execute();
      await trx
        .insertInto("user_roles")
        .values(made.map(({ id }) => ({ user_id: id, role: "ROLE_USER" as const })))
        .execute();
      users.push(...made.map(({ id }) => id));
      const addresses = await trx
        .insertInto("addresses")
        .values(
          made.map(({ id }, index) => ({
            line1: "1 Main St",
            city: "Annapolis",
            zip: "21401",
            county: counties[(start + index) % counties.length],
            created_by_id: id,
          })),
        )
        .returning(["id", "created_by_id", "county"])
        .execute();
      for (const address of addresses) {
        addressOf.set(address.created_by_id, address.id);
        countyOf.set(address.created_by_id, address.county!);
      }
    }
    for (let start = 0; start < CHILDREN; start += 500) {
      const rows = Array.from({ length: Math.min(500, CHILDREN - start) }, (_, index) => ({
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
      const rows = Array.from({ length: Math.min(1000, REFERRALS - start) }, (_, index) => {
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
          referrer_relationship: sources[(start + index) % sources.length],
          address_id: addressOf.get(child.user)!,
          local_program_id: submitted ? (programOf.get(countyOf.get(child.user)!) ?? null) : null,
        };
      });
      const made = await trx.insertInto("referrals").values(rows).returning(["id", "submission_date"]).execute();
      const sent = made.filter((row) => row.submission_date !== null);
      if (!sent.length) continue;
      await trx
        .insertInto("referral_reasons")
        .values(
          sent.map((row) => ({
            referral_id: row.id,
            reason_type: "RefReasons_ConcernsDevelopmental" as const,
            reason_code: concerns[row.id % concerns.length],
          })),
        )
        .execute();
      // Submitted, then for two in three a status recorded between half a day and a fortnight later (not after now).
      const history = sent.flatMap((row) => {
        const submittedAt = Date.parse(row.submission_date!);
        const changedAt = submittedAt + (0.5 + (row.id % 28) / 2) * 86_400_000;
        const submittedRow = {
          referral_id: row.id,
          from_status: "Draft" as const,
          to_status: "Submitted" as const,
          changed_at: row.submission_date!,
        };
        if (Math.floor(row.id / 3) % 3 === 0 || changedAt > Date.now()) return [submittedRow];
        return [
          submittedRow,
          {
            referral_id: row.id,
            from_status: "Submitted" as const,
            to_status: "Received" as const,
            changed_at: new Date(changedAt).toISOString(),
          },
        ];
      });
      await trx.insertInto("referral_status_history").values(history).execute();
      const received = history.filter((row) => row.to_status === "Received");
      for (const row of received)
        await trx
          .updateTable("referrals")
          .set({ status: "Received", status_updated_at: row.changed_at })
          .where("id", "=", row.referral_id)
          .execute();
      await keepReferralFigures(
        trx,
        sent.map((row) => row.id),
      );
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
    clients.push({
      cookie,
      path: `/app/child/${draft.child_id}/referral/${draft.id}/user/${draft.created_by_id}/child-information/language`,
    });
  }
  // An administrator, who sees every referral in the lists; someone of one local program's staff (the first county's),
  // who reads that program's submitted referrals only (R137).
  const person = async (email: string, lastName: string, role: "ROLE_ADMIN" | "ROLE_LOCAL_PROGRAM") => {
    const { id } = await db
      .insertInto("users")
      .values({ email, username: email, password_hash: "x", first_name: "Bench", last_name: lastName, enabled: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("user_roles")
      .values([
        { user_id: id, role: "ROLE_USER" },
        { user_id: id, role },
      ])
      .execute();
    return id;
  };
  const admin = { id: await person("bench-admin@maryland.gov", "Admin", "ROLE_ADMIN") };
  const adminCookie = (await createSession(db, admin.id)).split(";")[0];
  const staff = { id: await person("bench-staff@program.example.org", "Staff", "ROLE_LOCAL_PROGRAM") };
  await db
    .insertInto("user_local_programs")
    .values({ user_id: staff.id, local_program_id: programOf.get(counties[0])! })
    .execute();
  const staffCookie = (await createSession(db, staff.id)).split(";")[0];
  await db.destroy();
  return { clients, admin: { id: admin.id, cookie: adminCookie }, staff: { id: staff.id, cookie: staffCookie } };
}

export type DatabaseKind = "sqlite" | "postgres";

export interface BenchServer extends Instance {
  clients: Array<{ cookie: string; path: string }>;
  admin: { id: number; cookie: string };
  /** One local program's staff (docs/product-rules.md R137). */
  staff: { id: number; cookie: string };
  /** The data folder (uploads, reports), which every instance shares. */
  dataDir: string;
  /** Where the data is: the SQLite file, or the PostgreSQL database's address. */
  database: string;
  /** On PostgreSQL: how the filled SQLite database was moved there, and the proof. */
  move?: MoveFigures;
  /** Another instance over the same data folder and database, behind the same address (APP_URL). */
  startAnother: () => Promise<Instance>;
}

/**
 * The production build on a free port, over a fresh data folder holding the benchmark's referrals:
 * filled on SQLite, and on PostgreSQL moved into a new database on the run's server (bench/postgres.ts).
 */
export async function startBenchServer({ database: kind }: { database: DatabaseKind }): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "referral-bench-"));
  // The sessions made here must be read by the server: same data folder, same secret.
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = randomBytes(32).toString("hex");
  const sqliteFile = path.join(dataDir, "app.db");
  let database = sqliteFile;
  let move: MoveFigures | undefined;
  const removeData = async () => {
    // A database on TEST_DATABASE_URL's server would outlive the run.
    if (database !== sqliteFile) await dropPostgresDatabase(database);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { clients, admin, staff } = await fill(dataDir);
    if (kind === "postgres") ({ url: database, move } = await moveToPostgres(dataDir, sqliteFile, admin.cookie));
    const first = await startInstance({ dataDir, database });
    return {
      ...first,
      clients,
      admin,
      staff,
      dataDir,
      database,
      move,
      startAnother: () => startInstance({ dataDir, database, appUrl: first.base }),
      stop: async () => {
        await first.stop();
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}

export interface WizardFigures {
  get: PageFigure;
  getAlone: PageFigure;
  post: LoadFigure;
  /** /healthz at 50 clients: the server's own cost of a request (Express, Remix, one SELECT) with no page to make. */
  floor?: LoadFigure;
}

/** Each load of the wizard step lasts this long. */
export const WIZARD_SECONDS = 15;

/** Unmeasured first requests: an instance's code is compiled on its first requests. */
export async function warm(base: string, clients: BenchServer["clients"]) {
  for (const { cookie, path: step } of clients.slice(0, 10))
    await (await fetch(`${base}${step}`, { headers: { Cookie: cookie } })).text();
}

/** Client n opens the step of its own Draft. */
export const stepOf =
  ({ clients }: BenchServer) =>
  (n: number): LoadRequest => ({
    path: clients[n % clients.length].path,
    headers: { Cookie: clients[n % clients.length].cookie },
  });

/**
 * Client n saves the step of its own Draft, a language chosen by n, from a page of the instance it
 * posts to (the framework refuses a POST whose Origin is not the Host it was sent to).
 */
export const saveOf =
  ({ clients }: BenchServer) =>
  (n: number, base: string): LoadRequest => ({
    method: "POST",
    path: clients[n % clients.length].path,
    headers: {
      Cookie: clients[n % clients.length].cookie,
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ primaryLanguage: String(1 + (n % 20)), intent: "save" }).toString(),
  });

/**
 * The step of the language of the child: GET, and POST with its redirect; the GET against the bare node:http ceiling.
 */
export async function benchWizard(server: BenchServer): Promise<WizardFigures> {
  await warm(server.base, server.clients);
  const get = await loadAgainstCeiling(server.base, server.dataDir, {
    connections: CLIENTS,
    seconds: WIZARD_SECONDS,
    requestOf: stepOf(server),
  });
  const getAlone = await loadAgainstCeiling(server.base, server.dataDir, {
    connections: 1,
    seconds: WIZARD_SECONDS,
    requestOf: stepOf(server),
  });
  const post = await load(server.base, {
    connections: CLIENTS,
    seconds: WIZARD_SECONDS,
    status: 302,
    requestOf: saveOf(server),
  });
  const floor = await load(server.base, {
    connections: CLIENTS,
    seconds: WIZARD_SECONDS,
    status: 200,
    requestOf: () => ({ path: "/healthz" }),
  });
  return { get, getAlone, post, floor };
}

export interface TwoInstanceFigures {
  get: LoadFigure;
  post: LoadFigure;
}

/**
 * The same GET and POST with a second instance started beside the first (one database, one data
 * folder, one APP_URL): the 50 clients split 25 and 25 between them at the same time, the answers
 * of both counted together. Stopped after.
 */
export async function benchTwoInstances(server: BenchServer): Promise<TwoInstanceFigures> {
  const second = await server.startAnother();
  try {
    await warm(second.base, server.clients);
    const bases = [server.base, second.base];
    const get = await loadAcross(bases, {
      connections: CLIENTS,
      seconds: WIZARD_SECONDS,
      status: 200,
      requestOf: stepOf(server),
    });
    const post = await loadAcross(bases, {
      connections: CLIENTS,
      seconds: WIZARD_SECONDS,
      status: 302,
      requestOf: saveOf(server),
    });
    return { get, post };
  } catch (error) {
    console.error(`The second instance's last output:\n${second.recentOutput()}`);
    throw error;
  } finally {
    await second.stop();
  }
}
