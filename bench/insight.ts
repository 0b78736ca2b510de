import { openDatabase } from "../app/db.server";
import { programInsight, referrerTrend } from "../app/models/insight.server";
import { getCurrentUser } from "../app/models/user.server";
import { easternCalendarDate, shiftDate } from "../app/utils/dates";
import { defaultInsightPeriod } from "../app/utils/insight-period";
import { loadAgainstCeiling } from "./http";
import { PAGE_SECONDS, time, type ListFigure, type PageLoad } from "./lists";
import type { BenchServer } from "./wizard";

// The program insight page at 100,000 referrals (issue 23: within 300 ms for one client; docs/product-rules.md
// R127): the model call alone, and the page, its county split, its longest period and a CSV file over HTTP.

export const INSIGHT_BUDGET_MS = 300;

export interface InsightFigures {
  model: ListFigure[];
  http: PageLoad[];
}

export async function benchInsight(server: BenchServer): Promise<InsightFigures> {
  const db = openDatabase(server.database);
  const today = easternCalendarDate();
  // The longest period the page takes: three years to today.
  const longest = { from: shiftDate(today, -(3 * 365)), to: today };
  try {
    const admin = (await getCurrentUser(db, server.admin.id))!;
    const staff = (await getCurrentUser(db, server.staff.id))!;
    const referrer = (await getCurrentUser(db, Number(/\/user\/(\d+)\//.exec(server.clients[0].path)![1])))!;
    const model: ListFigure[] = [];
    for (const [label, period] of [
      ["`programInsight`, the last 12 weeks (the default)", defaultInsightPeriod(today)],
      ["`programInsight`, three years", longest],
    ] as const) {
      const { total } = await programInsight(db, admin, period, today);
      model.push({ label, total, ...(await time(() => programInsight(db, admin, period, today))) });
    }
    // One local program's staff (docs/product-rules.md R137): the figures of their program's referrals only.
    for (const [label, period] of [
      ["`programInsight` for one program's staff, the last 12 weeks", defaultInsightPeriod(today)],
      ["`programInsight` for one program's staff, three years", longest],
    ] as const) {
      const { total } = await programInsight(db, staff, period, today);
      model.push({ label, total, ...(await time(() => programInsight(db, staff, period, today))) });
    }
    const trend = await referrerTrend(db, referrer, today);
    model.push({
      label: "`referrerTrend`, a referrer's last 12 months",
      total: trend.months.reduce((sum, month) => sum + month.submitted, 0),
      ...(await time(() => referrerTrend(db, referrer, today))),
    });

    const http: PageLoad[] = [];
    for (const [label, page, cookie, who] of [
      ["the last 12 weeks, a line for each status (the default)", "/app/insight", server.admin.cookie, "administrator"],
      ["the last 12 weeks, stacked by county", "/app/insight?by=county", server.admin.cookie, "administrator"],
      ["three years", `/app/insight?from=${longest.from}&to=${longest.to}`, server.admin.cookie, "administrator"],
      ["a figure as CSV (the weekly table)", "/app/insight.csv?figure=weekly", server.admin.cookie, "administrator"],
      [
        "the 45 days by program and month as CSV",
        "/app/insight.csv?figure=timeline",
        server.admin.cookie,
        "administrator",
      ],
      ["the last 12 weeks", "/app/insight", server.staff.cookie, "one program's staff"],
      ["three years", `/app/insight?from=${longest.from}&to=${longest.to}`, server.staff.cookie, "one program's staff"],
    ] as const) {
      const figure = await loadAgainstCeiling(server.base, server.dataDir, {
        connections: 1,
        seconds: PAGE_SECONDS,
        requestOf: () => ({ path: page, headers: { Cookie: cookie } }),
      });
      http.push({ label: `GET ${page.split("?")[0]}: ${label} (${who})`, ...figure });
    }
    return { model, http };
  } finally {
    await db.destroy();
  }
}
