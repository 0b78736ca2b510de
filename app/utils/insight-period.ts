import type { Language } from "~/i18n/config";
import { daysBetween, nextCalendarDate, parseTypedDate, shiftDate } from "./dates";

// The period the program's insight covers (R127): Maryland calendar days, both ends included,
// the last twelve weeks unless the person chose another, never more than three years.

/** The longest period: three years of days (a leap day included). */
export const INSIGHT_MAX_DAYS = 3 * 365 + 1;

/** How the weekly figure splits its counts: a line per status, or stacked by county. */
export const INSIGHT_SPLITS = ["status", "county"] as const;
export type InsightSplit = (typeof INSIGHT_SPLITS)[number];

export interface InsightPeriod {
  /** YYYY-MM-DD, the first day. */
  from: string;
  /** YYYY-MM-DD, the last day. */
  to: string;
}

/** The Sunday that begins the week of a date (weeks run Sunday to Saturday). */
export function weekStart(date: string): string {
  return shiftDate(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
}

/** The last twelve weeks: from the Sunday eleven weeks before this week's, to today. */
export function defaultInsightPeriod(today: string): InsightPeriod {
  return { from: shiftDate(weekStart(today), -7 * 11), to: today };
}

/** What is wrong with a period as typed, as keys of the insight namespace. */
export interface InsightPeriodErrors {
  from?: string;
  to?: string;
}

/**
 * The period and split from the address. A bad date, an inverted period, one past today or over three years is
 * refused with why, and the default shown meanwhile.
 */
export function parseInsightQuery(
  params: URLSearchParams,
  language: Language,
  today: string,
): { period: InsightPeriod; split: InsightSplit; typed: { from: string; to: string }; errors: InsightPeriodErrors } {
  const fallback = defaultInsightPeriod(today);
  const typed = { from: params.get("from")?.trim() ?? "", to: params.get("to")?.trim() ?? "" };
  const split: InsightSplit = params.get("by") === "county" ? "county" : "status";
  const errors: InsightPeriodErrors = {};
  const from = typed.from ? parseTypedDate(typed.from, language) : fallback.from;
  const to = typed.to ? parseTypedDate(typed.to, language) : fallback.to;
  if (!from) errors.from = "period.errors.date";
  if (!to) errors.to = "period.errors.date";
  else if (to > today) errors.to = "period.errors.future";
  if (from && to && !errors.to) {
    if (to < from) errors.to = "period.errors.order";
    else if (daysBetween(from, nextCalendarDate(to)) > INSIGHT_MAX_DAYS) errors.to = "period.errors.tooLong";
  }
  const period = errors.from || errors.to ? fallback : { from: from!, to: to! };
  return { period, split, typed, errors };
}
