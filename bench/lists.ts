import { performance } from "node:perf_hooks";
import { openDatabase } from "../app/db.server";
import { getCurrentUser } from "../app/models/user.server";
import { listReferrals, referralListSpec, type ReferralListKind } from "../app/models/referral-list.server";
import { parseListQuery } from "../app/utils/list";
import { memory, resetPeak } from "./upload";
import type { BenchServer } from "./wizard";

// The referral lists at 100,000 referrals (ARCHITECTURE §9: a paged list under 50 ms): the model's
// count and page, the list page over HTTP, and the whole CSV export streamed by the server.

export const LIST_RUNS = 50;

function percentile(samples: number[], share: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

async function time(work: () => Promise<unknown>) {
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

export async function benchLists(server: BenchServer): Promise<{ model: ListFigure[]; http: ListFigure[]; csv: ExportFigure }> {
  const db = openDatabase(server.databaseFile);
  try {
    const admin = (await getCurrentUser(db, server.admin.id))!;
    const someone = (await getCurrentUser(db, Number(/\/user\/(\d+)\//.exec(server.clients[0].path)![1])))!;
    const cases: Array<[string, typeof admin, ReferralListKind, string]> = [
      ["administrator: drafts, newest change first (the default)", admin, "drafts", ""],
      ["administrator: submitted, newest status change first", admin, "submitted", ""],
      ["administrator: submitted, page 100 of 50 rows", admin, "submitted", "count=50&page=100"],
      ["administrator: submitted, sorted by child name", admin, "submitted", "sort=childName&order=asc"],
      ["administrator: drafts, child name filter", admin, "drafts", "childName=Bench99"],
      ["administrator: drafts never updated", admin, "drafts", "updatedAtType=never"],
      ["administrator: submitted by one e-mail", admin, "submitted", "completedByEmail=bench-7@"],
      ["a referrer: their drafts", someone, "drafts", ""],
    ];
    const model: ListFigure[] = [];
    for (const [label, actor, kind, search] of cases) {
      const query = parseListQuery(new URLSearchParams(search), referralListSpec(kind));
      const { total } = await listReferrals(db, actor, kind, query);
      model.push({ label, total, ...(await time(() => listReferrals(db, actor, kind, query))) });
    }
    const http: ListFigure[] = [];
    for (const [label, path] of [
      ["GET /app/referrals/submitted (administrator)", "/app/referrals/submitted"],
      ["GET /app/referrals/drafts (administrator)", "/app/referrals/drafts"],
    ] as const) {
      const samples = await time(async () => {
        const response = await fetch(`${server.base}${path}`, { headers: { Cookie: server.admin.cookie } });
        await response.text();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      });
      http.push({ label, total: 0, ...samples });
    }
    // The whole submitted list as CSV, as an administrator downloads it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rest = memory(server.pid).rss;
    const peakReset = resetPeak(server.pid);
    let peak = rest;
    const sampler = setInterval(() => (peak = Math.max(peak, memory(server.pid).rss)), 10);
    const start = performance.now();
    const response = await fetch(`${server.base}/app/referrals/export.csv?list=submitted`, { headers: { Cookie: server.admin.cookie } });
    const text = await response.text();
    const ms = performance.now() - start;
    clearInterval(sampler);
    if (peakReset) peak = Math.max(peak, memory(server.pid).peak);
    return { model, http, csv: { rows: text.trim().split("\n").length - 1, ms, growthMb: (peak - rest) / 2 ** 20 } };
  } finally {
    await db.destroy();
  }
}
