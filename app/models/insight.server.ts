import { quantileSorted } from "d3-array";
import { sql, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database, ReasonType } from "../../db/schema";
import type { DB } from "~/db.server";
import { AGE_LIMIT_MONTHS } from "~/utils/child-age";
import { shiftDate } from "~/utils/dates";
import { weekStart, type InsightPeriod } from "~/utils/insight-period";
import { referralFiguresRow } from "~/utils/referral-figures";
import { PAST_DRAFT_STATUSES, type PastDraftStatus } from "~/utils/statuses";
import { ForbiddenError } from "./errors";
import { mayReadProgramInsight, referralScope, type Actor } from "./policy";
import { submittedWithChild } from "./referral-scope.server";
import { TIMELINE_DAYS } from "~/utils/timeline";
import { traced } from "~/services/trace.server";

// The program's insight (R127) and a referrer's trend (R128), counted by Maryland day from the rows of figures
// (app/utils/referral-figures.ts): one indexed read per period.

/** Counts per key; the keys are codes as stored (a county, a source), "" when the referral has none. */
export type Counts = Record<string, number>;

export interface WeekFigures {
  /** The Sunday the week begins (YYYY-MM-DD). */
  start: string;
  total: number;
  byStatus: Record<PastDraftStatus, number>;
  byCounty: Counts;
}

export interface FirstChangeFigures {
  /** The month of submission, YYYY-MM. */
  month: string;
  submitted: number;
  /** How many have had a status change: the median and 90th percentile are of these, in days. */
  changed: number;
  medianDays: number | null;
  p90Days: number | null;
}

export interface ProgramInsight {
  period: InsightPeriod;
  total: number;
  weeks: WeekFigures[];
  firstChange: FirstChangeFigures[];
  /** Referrals still Submitted (no status recorded) since before the day named: 7 and 14 days ago, across all time. */
  waiting: { over7: { count: number; before: string }; over14: { count: number; before: string } };
  bySource: Counts;
  byReason: Array<{ type: ReasonType; code: string; count: number }>;
  /** Index: the child's age in whole months on the day the referral was submitted. */
  byAgeMonths: number[];
  byCounty: Counts;
  /** The 45-day timeline (R141): of referrals `due` (45 days over or determined), how many were determined within. */
  timeline: Array<{ programId: number | null; month: string; submitted: number; due: number; within: number }>;
}

const DAY_MS = 86_400_000;

const add = (counts: Counts, key: string | null, count: number) => {
  const name = key ?? "";
  counts[name] = (counts[name] ?? 0) + count;
};

const emptyStatuses = () =>
  Object.fromEntries(PAST_DRAFT_STATUSES.map((status) => [status, 0])) as Record<PastDraftStatus, number>;

/** Every Sunday from the week of `from` to the week of `to`. */
export function weekStarts({ from, to }: InsightPeriod): string[] {
  const starts: string[] = [];
  for (let start = weekStart(from); start <= to; start = shiftDate(start, 7)) starts.push(start);
  return starts;
}

/** Every month (YYYY-MM) from the month of `from` to the month of `to`. */
export function monthsOf({ from, to }: InsightPeriod): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) return months;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

function figuresFacts(db: DB) {
  return submittedWithChild(db).select([
    "r.created_by_id",
    "r.status",
    "r.referrer_relationship",
    "r.local_program_id",
    (eb) =>
      eb
        .selectFrom("referral_status_history as h")
        .select((h) => h.fn.min("h.changed_at").as("at"))
        .whereRef("h.referral_id", "=", "r.id")
        .where("h.to_status", "in", ["Eligible", "Not Eligible"])
        .as("determined_at"),
    (eb) =>
      eb
        .selectFrom("referral_status_history as h")
        .select((h) => h.fn.min("h.changed_at").as("at"))
        .whereRef("h.referral_id", "=", "r.id")
        .where("h.from_status", "is not", null)
        .where("h.from_status", "!=", "Draft")
        .as("first_change_at"),
  ]);
}

/** Remakes the submitted referrals' rows of figures, inside the transaction of every write that changes them. */
export const keepReferralFigures = traced(
  "model.keepReferralFigures",
  async function keepReferralFigures(trx: DB, referralIds: number[]): Promise<void> {
    if (!referralIds.length) return;
    const facts = await figuresFacts(trx).where("r.id", "in", referralIds).execute();
    await trx.deleteFrom("referral_figures").where("referral_id", "in", referralIds).execute();
    if (facts.length)
      await trx
        .insertInto("referral_figures")
        .values(facts.map((row) => referralFiguresRow({ ...row, submission_date: row.submission_date! })))
        .execute();
  },
);

type FiguresTables = Database & { f: Database["referral_figures"] };

/** The figures the person reads (R137): all for a state administrator, their programs' for staff. */
function figuresOf(db: DB, actor: Actor) {
  const scope = referralScope(actor);
  const rows = db.selectFrom("referral_figures as f");
  if (scope.kind === "all") return rows;
  if (scope.kind === "own") return rows.where("f.created_by_id", "=", scope.userId);
  return scope.programIds.length
    ? rows.where("f.local_program_id", "in", [...scope.programIds])
    : rows.where(sql<SqlBool>`1 = 0`);
}

/** Figures of referrals submitted in a period (Maryland days, inclusive), of those the person reads. */
function submittedIn(db: DB, actor: Actor, period: InsightPeriod) {
  return figuresOf(db, actor).where("f.submitted_day", ">=", period.from).where("f.submitted_day", "<=", period.to);
}

/** The program's figures for a period (R127), for administrators (else ForbiddenError). `today`: Maryland day. */
export const programInsight = traced(
  "model.programInsight",
  async function programInsight(db: DB, actor: Actor, period: InsightPeriod, today: string): Promise<ProgramInsight> {
    if (!mayReadProgramInsight(actor)) throw new ForbiddenError("administrators and program staff only");
    const count = (eb: ExpressionBuilder<FiguresTables, "f">) => eb.fn.countAll<number>().as("count");
    // Counted by the database, by the day, status and county, by source and by age; the waits read one by one.
    const dueBefore = shiftDate(today, -TIMELINE_DAYS);
    const [byDay, sources, ages, changed, timelineDays] = await Promise.all([
      submittedIn(db, actor, period)
        .select(["f.submitted_day", "f.status", "f.county", count])
        .groupBy(["f.submitted_day", "f.status", "f.county"])
        .execute(),
      submittedIn(db, actor, period).select(["f.source", count]).groupBy("f.source").execute(),
      submittedIn(db, actor, period).select(["f.age_months", count]).groupBy("f.age_months").execute(),
      submittedIn(db, actor, period)
        .select(["f.submitted_day", "f.submitted_at", "f.first_change_at"])
        .where("f.first_change_at", "is not", null)
        .execute(),
      submittedIn(db, actor, period)
        .select([
          "f.local_program_id",
          "f.submitted_day",
          count,
          sql<number>`sum(case when f.determined_days is not null or f.submitted_day < ${dueBefore} then 1 else 0 end)`.as(
            "due",
          ),
          sql<number>`sum(case when f.determined_days <= ${TIMELINE_DAYS} then 1 else 0 end)`.as("within"),
        ])
        .groupBy(["f.local_program_id", "f.submitted_day"])
        .execute(),
    ]);
    const weeks = new Map<string, WeekFigures>(
      weekStarts(period).map((start) => [start, { start, total: 0, byStatus: emptyStatuses(), byCounty: {} }]),
    );
    const months = new Map(monthsOf(period).map((month) => [month, { submitted: 0, waits: [] as number[] }]));
    const byCounty: Counts = {};
    let total = 0;
    for (const row of byDay) {
      const week = weeks.get(weekStart(row.submitted_day))!;
      week.total += row.count;
      week.byStatus[row.status as PastDraftStatus] += row.count;
      add(week.byCounty, row.county, row.count);
      add(byCounty, row.county, row.count);
      months.get(row.submitted_day.slice(0, 7))!.submitted += row.count;
      total += row.count;
    }
    for (const row of changed)
      months
        .get(row.submitted_day.slice(0, 7))!
        .waits.push((Date.parse(row.first_change_at!) - Date.parse(row.submitted_at)) / DAY_MS);
    const bySource: Counts = {};
    for (const row of sources) add(bySource, row.source, row.count);
    const byAgeMonths = Array.from(
      { length: AGE_LIMIT_MONTHS },
      (_, months) => ages.find((row) => row.age_months === months)?.count ?? 0,
    );
    const timeline = new Map<
      string,
      { programId: number | null; month: string; submitted: number; due: number; within: number }
    >();
    for (const row of timelineDays) {
      const month = row.submitted_day.slice(0, 7);
      const key = `${row.local_program_id ?? ""} ${month}`;
      const entry = timeline.get(key) ?? { programId: row.local_program_id, month, submitted: 0, due: 0, within: 0 };
      entry.submitted += Number(row.count);
      entry.due += Number(row.due);
      entry.within += Number(row.within);
      timeline.set(key, entry);
    }
    const reasons = await submittedIn(db, actor, period)
      .innerJoin("referral_reasons as rr", "rr.referral_id", "f.referral_id")
      .select(["rr.reason_type as type", "rr.reason_code as code", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy(["rr.reason_type", "rr.reason_code"])
      .execute();
    const waitingSince = async (days: number) => {
      const before = shiftDate(today, -days);
      const row = await figuresOf(db, actor)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("f.status", "=", "Submitted")
        .where("f.submitted_day", "<", before)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), before };
    };
    return {
      period,
      total,
      weeks: [...weeks.values()],
      firstChange: [...months].map(([month, { submitted, waits }]) => {
        const sorted = waits.sort((a, b) => a - b);
        return {
          month,
          submitted,
          changed: sorted.length,
          medianDays: sorted.length ? round1(quantileSorted(sorted, 0.5)!) : null,
          p90Days: sorted.length ? round1(quantileSorted(sorted, 0.9)!) : null,
        };
      }),
      waiting: { over7: await waitingSince(7), over14: await waitingSince(14) },
      bySource,
      byReason: reasons.map((reason) => ({ type: reason.type, code: reason.code, count: Number(reason.count) })),
      byAgeMonths,
      byCounty,
      timeline: [...timeline.values()].sort(
        (a, b) => (a.programId ?? 0) - (b.programId ?? 0) || a.month.localeCompare(b.month),
      ),
    };
  },
);

const round1 = (value: number) => Math.round(value * 10) / 10;

export interface ReferrerTrend {
  /** The last twelve months, oldest first: YYYY-MM and how many of the person's referrals were submitted in it. */
  months: Array<{ month: string; submitted: number }>;
  /** The person's submitted referrals of those months by their status now. */
  byStatus: Record<PastDraftStatus, number>;
}

/** A referrer's own submitted referrals of the last twelve months (R128): theirs only, whoever asks. */
export const referrerTrend = traced(
  "model.referrerTrend",
  async function referrerTrend(db: DB, actor: Actor, today: string): Promise<ReferrerTrend> {
    const [year, month] = today.split("-").map(Number);
    const first = year * 12 + (month - 1) - 11;
    const from = `${Math.floor(first / 12)}-${String((first % 12) + 1).padStart(2, "0")}-01`;
    const period = { from, to: today };
    const rows = await db
      .selectFrom("referral_figures as f")
      .where("f.submitted_day", ">=", period.from)
      .where("f.submitted_day", "<=", period.to)
      .select(["f.status", "f.submitted_day"])
      .where("f.created_by_id", "=", actor.id)
      .execute();
    const counts = new Map(monthsOf(period).map((month) => [month, 0]));
    const byStatus = emptyStatuses();
    for (const row of rows) {
      const month = row.submitted_day.slice(0, 7);
      counts.set(month, (counts.get(month) ?? 0) + 1);
      byStatus[row.status as PastDraftStatus] += 1;
    }
    return { months: [...counts].map(([month, submitted]) => ({ month, submitted })), byStatus };
  },
);
