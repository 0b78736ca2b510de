import { performance } from "node:perf_hooks";
import { openDatabase } from "../app/db.server";
import { getCurrentUser } from "../app/models/user.server";
import { listReferrals, referralListSpec, type ReferralListKind } from "../app/models/referral-list.server";
import { parseListQuery } from "../app/utils/list";
import { loadAgainstCeiling, percentile, type PageFigure } from "./http";
import { watchMemory } from "./processes";
import { REFERRALS, USERS, type BenchServer } from "./wizard";

// The referral lists at 100,000 referrals (docs/architecture.md: a paged list under 50 ms): the model's
// count and page, the list page over HTTP, and the whole CSV export streamed by the server.

export const LIST_RUNS = 50;
export const PAGE_SECONDS = 5;
/** A third of the referrals are submitted (bench/wizard.ts fill). */
const SUBMITTED = Math.ceil(REFERRALS / 3);
const count = (n: number) => n.toLocaleString("en-US");

/** A call's time over LIST_RUNS runs after 5 warm-up runs: its p50 and p95 in ms. */
export async function time(work: () => Promise<unknown>) {
  for (let warm = 0; warm < 5; warm += 1) await work();
  const samples: number[] = [];
  for (let run = 0; run < LIST_RUNS; run += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

export interface ListFigure {
  label: string;
  total: number;
  p50: number;
  p95: number;
}

export interface ExportFigure {
  rows: number;
  ms: number;
  growthMb: number;
}

export interface PageLoad extends PageFigure {
  label: string;
}

export async function benchLists(
  server: BenchServer,
): Promise<{ model: ListFigure[]; http: PageLoad[]; csv: ExportFigure }> {
  const db = openDatabase(server.database);
  try {
    const admin = (await getCurrentUser(db, server.admin.id))!;
    const someone = (await getCurrentUser(db, Number(/\/user\/(\d+)\//.exec(server.clients[0].path)![1])))!;
    const staff = (await getCurrentUser(db, server.staff.id))!;
    const cases: Array<[string, typeof admin, ReferralListKind, string]> = [
      ["administrator: drafts, newest change first (the default)", admin, "drafts", ""],
      ["administrator: submitted, newest status change first", admin, "submitted", ""],
      ["administrator: submitted, page 100 of 50 rows", admin, "submitted", "count=50&page=100"],
      ["administrator: submitted, sorted by child name", admin, "submitted", "sort=childName&order=asc"],
      ["administrator: drafts, child name filter", admin, "drafts", "childName=Bench99"],
      ["administrator: drafts never updated", admin, "drafts", "updatedAtType=never"],
      ["administrator: submitted by one e-mail", admin, "submitted", "completedByEmail=bench-7@"],
      ["a referrer: their drafts", someone, "drafts", ""],
      // One local program's staff (docs/product-rules.md R137): their program's submitted referrals, a 24th of them.
      ["one program's staff: submitted, newest status change first", staff, "submitted", ""],
      ["one program's staff: submitted, sorted by child name", staff, "submitted", "sort=childName&order=asc"],
      ["one program's staff: past 30 days without eligibility", staff, "submitted", "pastDays=30"],
    ];
    const model: ListFigure[] = [];
    for (const [label, actor, kind, search] of cases) {
      const query = parseListQuery(new URLSearchParams(search), referralListSpec(kind), "en");
      const { total } = await listReferrals(db, actor, kind, query);
      model.push({ label, total, ...(await time(() => listReferrals(db, actor, kind, query))) });
    }
    const referrer = server.clients[0].cookie;
    const http: PageLoad[] = [];
    for (const [label, page, cookie] of [
      ["the dashboard (administrator)", "/app/dashboard", server.admin.cookie],
      [`drafts (administrator: ${count(REFERRALS - SUBMITTED)})`, "/app/referrals/drafts", server.admin.cookie],
      [`submitted (administrator: ${count(SUBMITTED)})`, "/app/referrals/submitted", server.admin.cookie],
      [
        "submitted, page 100, sorted by child (administrator)",
        "/app/referrals/submitted?sort=childName&order=asc&page=100",
        server.admin.cookie,
      ],
      [`users (administrator: ${count(USERS + 1)})`, "/app/users", server.admin.cookie],
      ["status updates (administrator)", "/app/updates", server.admin.cookie],
      ["the dashboard (a referrer)", "/app/dashboard", referrer],
      ["children (a referrer)", "/app/children", referrer],
      ["drafts (a referrer)", "/app/referrals/drafts", referrer],
      ["submitted (a referrer)", "/app/referrals/submitted", referrer],
      ["JSON API: GET /api/referrals?count=20 (administrator)", "/api/referrals?count=20", server.admin.cookie],
      ["submitted (one program's staff)", "/app/referrals/submitted", server.staff.cookie],
      ["submitted, past 30 days (one program's staff)", "/app/referrals/submitted?pastDays=30", server.staff.cookie],
      ["the dashboard (one program's staff)", "/app/dashboard", server.staff.cookie],
      ["JSON API: GET /api/children (a referrer)", "/api/children", referrer],
    ] as const) {
      const figure = await loadAgainstCeiling(server.base, server.dataDir, {
        connections: 1,
        seconds: PAGE_SECONDS,
        requestOf: () => ({ path: page, headers: { Cookie: cookie } }),
      });
      http.push({ label: `GET ${page.split("?")[0]}: ${label}`, ...figure });
    }
    // The whole submitted list as CSV, as an administrator downloads it.
    let ms = 0;
    const { result: text, growth } = await watchMemory(server.pid, 10, async () => {
      const start = performance.now();
      const response = await fetch(`${server.base}/app/referrals/export.csv?list=submitted`, {
        headers: { Cookie: server.admin.cookie },
      });
      const body = await response.text();
      ms = performance.now() - start;
      return body;
    });
    const { rest, peak } = growth;
    return { model, http, csv: { rows: text.trim().split("\n").length - 1, ms, growthMb: (peak - rest) / 2 ** 20 } };
  } finally {
    await db.destroy();
  }
}
