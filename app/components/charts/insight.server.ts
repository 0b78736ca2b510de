import type { TFunction } from "i18next";
import { barChart, barListChart, lineChart } from "~/charts/charts.server";
import type { ChartGeometry, FigureTable } from "~/components/charts/geometry";
import type { AppLoadContext } from "@remix-run/node";
import type { Language } from "~/i18n/config";
import { programInsight, referrerTrend, type Counts, type ProgramInsight } from "~/models/insight.server";
import { lookupLabels } from "~/models/lookup.server";
import { listLocalPrograms } from "~/models/local-program.server";
import type { CurrentUser } from "~/models/user.server";
import { formatCalendarDate, formatMonth, formatShortDay } from "~/utils/dates";
import type { InsightPeriod, InsightSplit } from "~/utils/insight-period";
import { PAST_DRAFT_STATUSES } from "~/utils/statuses";

// The program insight page's figures (R127) and a referrer's trend (R128), each a chart and
// the table under it, in the page's language. The CSV files write the same tables.

export const INSIGHT_FIGURES = ["weekly", "firstChange", "source", "reason", "age", "county", "timeline"] as const;
export type InsightFigureId = (typeof INSIGHT_FIGURES)[number];

export interface Figure {
  id: string;
  heading: string;
  chart: ChartGeometry | null;
  table: FigureTable;
}

/** The counties a stacked chart names one by one; the rest are summed as "other counties". */
const STACKED_COUNTIES = 5;
/** The categories a bar list shows; its table has all. */
const LISTED = 10;

const byCountDescending = (counts: Counts) =>
  Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));

export async function programFigures(
  db: AppLoadContext["db"],
  actor: CurrentUser,
  period: InsightPeriod,
  split: InsightSplit,
  today: string,
  language: Language,
  t: TFunction,
) {
  const insight = await programInsight(db, actor, period, today);
  const number = new Intl.NumberFormat(language === "es" ? "es-US" : "en-US", { maximumFractionDigits: 1 });
  const format = (value: number) => number.format(value);
  const span = {
    from: formatCalendarDate(period.from, language),
    to: formatCalendarDate(period.to, language),
    count: insight.total,
  };
  const [programs, counties, sources, reasons] = await Promise.all([
    listLocalPrograms(db, actor, language),
    lookupLabels(db, "Counties", language),
    lookupLabels(db, "References", language),
    Promise.all(
      (["RefReasons_ConcernsDevelopmental", "FailedScreenings", "IdentifiedConditions"] as const).map(
        async (type) => [type, await lookupLabels(db, type, language)] as const,
      ),
    ),
  ]);
  const countyName = (code: string) => (code ? (counties.get(code) ?? code) : t("admin:insight.noCounty"));
  const figures: Record<InsightFigureId, Figure> = {
    weekly: weeklyFigure(insight, split, countyName, format, span, language, t),
    firstChange: firstChangeFigure(insight, format, language, t),
    source: listFigure(
      "source",
      insight.bySource,
      (code) => (code ? (sources.get(code) ?? code) : t("admin:insight.notGiven")),
      format,
      span,
      t,
    ),
    reason: reasonFigure(insight, new Map(reasons), format, span, t),
    age: ageFigure(insight, format, span, t),
    county: listFigure("county", insight.byCounty, countyName, format, span, t),
    timeline: timelineFigure(insight, new Map(programs.map((program) => [program.id, program.name])), language, t),
  };
  return { insight, figures };
}

type Span = { from: string; to: string; count: number };

function weeklyFigure(
  insight: ProgramInsight,
  split: InsightSplit,
  countyName: (code: string) => string,
  format: (value: number) => string,
  span: Span,
  language: Language,
  t: TFunction,
): Figure {
  const heading = t("admin:insight.weekly.heading");
  // By status, a line each; by county, stacked bars. The table has a column for each either way.
  const byStatus = split === "status";
  const series = byStatus ? statusSeries(insight, t) : countySeries(insight, countyName, t);
  return {
    id: "weekly",
    heading,
    chart: (byStatus ? lineChart : barChart)({
      title: heading,
      description: t(byStatus ? "admin:insight.weekly.descStatus" : "admin:insight.weekly.descCounty", span),
      yLabel: t("admin:insight.count"),
      periods: insight.weeks.map((week) => formatShortDay(week.start, language)),
      series,
      format,
    }),
    table: {
      head: [t("admin:insight.weekly.week"), ...series.map((one) => one.label), t("admin:insight.total")],
      rows: insight.weeks.map((week, index) => [week.start, ...series.map((one) => one.values[index]), week.total]),
    },
  };
}

function statusSeries(insight: ProgramInsight, t: TFunction) {
  return PAST_DRAFT_STATUSES.map((status) => ({
    key: status,
    label: t(`common:statuses.${status}`),
    values: insight.weeks.map((week) => week.byStatus[status]),
  }));
}

/** The STACKED_COUNTIES counties with the most referrals, then the others summed. */
function countySeries(insight: ProgramInsight, countyName: (code: string) => string, t: TFunction) {
  const totals: Counts = {};
  for (const week of insight.weeks)
    for (const [code, count] of Object.entries(week.byCounty)) totals[code] = (totals[code] ?? 0) + count;
  const named = byCountDescending(totals)
    .slice(0, STACKED_COUNTIES)
    .map(([code]) => code);
  const hasOthers = Object.keys(totals).length > named.length;
  const others = (week: ProgramInsight["weeks"][number]) =>
    week.total - named.reduce((sum, code) => sum + (week.byCounty[code] ?? 0), 0);
  return [
    ...named.map((code) => ({
      key: `county-${code}`,
      label: countyName(code),
      values: insight.weeks.map((week) => week.byCounty[code] ?? 0),
    })),
    ...(hasOthers
      ? [{ key: "others", label: t("admin:insight.otherCounties"), values: insight.weeks.map(others) }]
      : []),
  ];
}

function firstChangeFigure(
  insight: ProgramInsight,
  format: (value: number) => string,
  language: Language,
  t: TFunction,
): Figure {
  const heading = t("admin:insight.firstChange.heading");
  const measured = insight.firstChange.reduce((sum, month) => sum + month.changed, 0);
  return {
    id: "firstChange",
    heading,
    chart: lineChart({
      title: heading,
      description: t("admin:insight.firstChange.desc", { count: measured }),
      yLabel: t("admin:insight.firstChange.days"),
      ...monthlySeries(insight.firstChange, language, [
        { key: "median", label: t("admin:insight.firstChange.median"), value: (month) => month.medianDays },
        { key: "p90", label: t("admin:insight.firstChange.p90"), value: (month) => month.p90Days },
      ]),
      format,
      integers: false,
    }),
    table: {
      head: [
        t("admin:insight.firstChange.month"),
        t("admin:insight.firstChange.submitted"),
        t("admin:insight.firstChange.changed"),
        t("admin:insight.firstChange.medianDays"),
        t("admin:insight.firstChange.p90Days"),
      ],
      rows: insight.firstChange.map((month) => [
        month.month,
        month.submitted,
        month.changed,
        month.medianDays,
        month.p90Days,
      ]),
    },
  };
}

/** A time chart by month: its periods, and each series one figure of every month. */
function monthlySeries<Month extends { month: string }>(
  months: Month[],
  language: Language,
  series: Array<{ key: string; label: string; value: (month: Month) => number | null }>,
) {
  return {
    periods: months.map((month) => formatMonth(month.month, language)),
    series: series.map(({ key, label, value }) => ({ key, label, values: months.map((month) => value(month)) })),
  };
}

/** Largest first: bars for the LISTED largest, a table of all; leading cells name the row, the count last. */
function barListFigure(
  id: "source" | "county" | "reason",
  head: string[],
  rows: Array<{ names: string[]; count: number }>,
  format: (value: number) => string,
  span: Span,
  t: TFunction,
): Figure {
  const heading = t(`admin:insight.${id}.heading`);
  return {
    id,
    heading,
    chart: rows.length
      ? barListChart({
          title: heading,
          description: t(`admin:insight.${id}.desc`, { ...span, shown: Math.min(LISTED, rows.length) }),
          rows: rows.slice(0, LISTED).map((row) => ({ label: row.names.at(-1)!, value: row.count })),
          format,
        })
      : null,
    table: { head: [...head, t("admin:insight.count")], rows: rows.map((row) => [...row.names, row.count]) },
  };
}

function listFigure(
  id: "source" | "county",
  counts: Counts,
  label: (code: string) => string,
  format: (value: number) => string,
  span: Span,
  t: TFunction,
) {
  const rows = byCountDescending(counts).map(([code, count]) => ({ names: [label(code)], count }));
  return barListFigure(id, [t(`admin:insight.${id}.column`)], rows, format, span, t);
}

function reasonFigure(
  insight: ProgramInsight,
  labels: Map<string, Map<string, string>>,
  format: (value: number) => string,
  span: Span,
  t: TFunction,
) {
  const rows = [...insight.byReason]
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type) || a.code.localeCompare(b.code))
    .map((reason) => ({
      names: [t(`admin:insight.reason.types.${reason.type}`), labels.get(reason.type)?.get(reason.code) ?? reason.code],
      count: reason.count,
    }));
  return barListFigure(
    "reason",
    [t("admin:insight.reason.kind"), t("admin:insight.reason.column")],
    rows,
    format,
    span,
    t,
  );
}

/** The 45-day timeline (R141) as a table: 24 programs by month read as rows, not lines. */
function timelineFigure(
  insight: ProgramInsight,
  programName: Map<number, string>,
  language: Language,
  t: TFunction,
): Figure {
  const percent = new Intl.NumberFormat(language === "es" ? "es-US" : "en-US", {
    style: "percent",
    maximumFractionDigits: 0,
  });
  return {
    id: "timeline",
    heading: t("admin:insight.timeline.heading"),
    chart: null,
    table: {
      head: [
        t("admin:insight.timeline.program"),
        t("admin:insight.timeline.month"),
        t("admin:insight.timeline.submitted"),
        t("admin:insight.timeline.due"),
        t("admin:insight.timeline.within"),
        t("admin:insight.timeline.share"),
      ],
      rows: insight.timeline.map((row) => [
        row.programId !== null
          ? (programName.get(row.programId) ?? String(row.programId))
          : t("admin:insight.timeline.noProgram"),
        row.month,
        row.submitted,
        row.due,
        row.within,
        row.due ? percent.format(row.within / row.due) : null,
      ]),
    },
  };
}

function ageFigure(insight: ProgramInsight, format: (value: number) => string, span: Span, t: TFunction): Figure {
  const heading = t("admin:insight.age.heading");
  return {
    id: "age",
    heading,
    chart: barChart({
      title: heading,
      description: t("admin:insight.age.desc", span),
      yLabel: t("admin:insight.count"),
      periods: insight.byAgeMonths.map((_, months) => String(months)),
      series: [{ key: "age", label: t("admin:insight.count"), values: insight.byAgeMonths }],
      format,
    }),
    table: {
      head: [t("admin:insight.age.column"), t("admin:insight.count")],
      rows: insight.byAgeMonths.map((count, months) => [months, count]),
    },
  };
}

/** A referrer's own submitted referrals per month over the last twelve months, and where they are now (R128). */
export async function referrerTrendFigures(
  db: AppLoadContext["db"],
  actor: CurrentUser,
  today: string,
  language: Language,
  t: TFunction,
) {
  const trend = await referrerTrend(db, actor, today);
  const number = new Intl.NumberFormat(language === "es" ? "es-US" : "en-US");
  const heading = t("referrals:dashboard.trend.heading");
  const total = trend.months.reduce((sum, month) => sum + month.submitted, 0);
  const months: Figure = {
    id: "trend",
    heading,
    chart: barChart({
      title: heading,
      description: t("referrals:dashboard.trend.desc", {
        count: total,
        from: formatMonth(trend.months[0].month, language),
        to: formatMonth(trend.months.at(-1)!.month, language),
      }),
      yLabel: t("referrals:dashboard.trend.count"),
      ...monthlySeries(trend.months, language, [
        { key: "submitted", label: t("referrals:dashboard.trend.count"), value: (month) => month.submitted },
      ]),
      format: (value) => number.format(value),
    }),
    table: {
      head: [t("referrals:dashboard.trend.month"), t("referrals:dashboard.trend.count")],
      rows: trend.months.map((month) => [formatMonth(month.month, language), month.submitted]),
    },
  };
  const statuses: FigureTable = {
    head: [t("referrals:dashboard.trend.status"), t("referrals:dashboard.trend.count")],
    rows: PAST_DRAFT_STATUSES.map((status) => [t(`common:statuses.${status}`), trend.byStatus[status]]),
  };
  return { total, months, statuses };
}
