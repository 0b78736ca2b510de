import type { Language } from "~/i18n/config";
import { easternCalendarDate, easternDayStart, nextCalendarDate, parseTypedDate } from "./dates";

// A list's state lives in its address: bookmarkable, and works without JavaScript.

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The CSV export reads the list 100 rows at a time (R81). */
export const EXPORT_PAGE_SIZE = 100;
/** Filters apply 760 ms after the last keystroke, with JavaScript (R78). */
export const FILTER_DEBOUNCE_MS = 760;

export const DATE_COMPARISONS = ["before", "after", "exactly", "between"] as const;
/** "never" is one more comparison for the lists' updated date: rows not changed since they were made (R79). */
export type DateComparison = (typeof DATE_COMPARISONS)[number] | "never";

export interface DateFilter {
  type: DateComparison;
  from: string;
  /** The end of a "between" range (included). */
  to?: string;
}

export type SortOrder = "asc" | "desc";

export interface ListSpec<Sort extends string = string> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultOrder: SortOrder;
  textFilters: readonly string[];
  dateFilters: readonly string[];
  /** The date filters that also offer "never". */
  neverFilters?: readonly string[];
}

export interface ListQuery<Sort extends string = string> {
  page: number;
  count: number;
  sort: Sort;
  order: SortOrder;
  text: Record<string, string>;
  dates: Record<string, DateFilter>;
}

/** A date comparison the list does not know: an error, not a silently ignored filter (R79). */
export class UnknownComparisonError extends Error {
  name = "UnknownComparisonError";
  constructor(
    readonly field: string,
    readonly comparison: string,
  ) {
    super(`unknown date comparison "${comparison}" for ${field}`);
  }
}

function dateFilter(
  params: URLSearchParams,
  field: string,
  allowNever: boolean,
  language: Language,
): DateFilter | null {
  const type = params.get(`${field}Type`)?.trim() ?? "";
  if (!type) return null;
  if (type === "never" && allowNever) return { type, from: "" };
  if (!(DATE_COMPARISONS as readonly string[]).includes(type)) throw new UnknownComparisonError(field, type);
  // Dates are typed in the order the lists show them (dd/mm/aaaa in Spanish); links may use YYYY-MM-DD.
  const from = parseTypedDate(params.get(`${field}From`) ?? "", language);
  const to = parseTypedDate(params.get(`${field}To`) ?? "", language);
  // A comparison chosen before its date is typed filters nothing yet.
  if (!from) return null;
  if (type === "between") {
    if (!to) return null;
    return from <= to ? { type, from, to } : { type, from: to, to: from };
  }
  return { type: type as DateComparison, from };
}

/** A list page's query; an unknown date comparison gives the defaults with filterError (no rows, 400). */
export function parseListPageQuery<Sort extends string>(
  params: URLSearchParams,
  spec: ListSpec<Sort>,
  language: Language,
): { query: ListQuery<Sort>; filterError: boolean } {
  try {
    return { query: parseListQuery(params, spec, language), filterError: false };
  } catch (error) {
    if (!(error instanceof UnknownComparisonError)) throw error;
    return { query: parseListQuery(new URLSearchParams(), spec, language), filterError: true };
  }
}

/** Reads a list's address, dates in the page's language. Unknown sort or size: defaults; unknown comparison throws. */
export function parseListQuery<Sort extends string>(
  params: URLSearchParams,
  spec: ListSpec<Sort>,
  language: Language,
): ListQuery<Sort> {
  const page = Math.max(1, Math.min(1_000_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const askedCount = Number(params.get("count"));
  const count = (PAGE_SIZES as readonly number[]).includes(askedCount) ? askedCount : DEFAULT_PAGE_SIZE;
  const askedSort = params.get("sort") ?? "";
  const sort = (spec.sorts as readonly string[]).includes(askedSort) ? (askedSort as Sort) : spec.defaultSort;
  const askedOrder = params.get("order");
  const order: SortOrder = askedOrder === "asc" || askedOrder === "desc" ? askedOrder : spec.defaultOrder;
  const text: Record<string, string> = {};
  for (const field of spec.textFilters) {
    const value = params.get(field)?.trim().slice(0, 100);
    if (value) text[field] = value;
  }
  const dates: Record<string, DateFilter> = {};
  for (const field of spec.dateFilters) {
    const filter = dateFilter(params, field, spec.neverFilters?.includes(field) ?? false, language);
    if (filter) dates[field] = filter;
  }
  return { page, count, sort, order, text, dates };
}

/**
 * A date filter's half-open range [from, until). Date columns compare as YYYY-MM-DD; moment columns against Maryland
 * day starts. "Before"/"after" exclude the day; "between" includes both ends.
 */
export function dateBounds(filter: DateFilter, column: "date" | "moment"): { from?: string; until?: string } {
  const start = (day: string) => (column === "date" ? day : easternDayStart(day));
  switch (filter.type) {
    case "before":
      return { until: start(filter.from) };
    case "after":
      return { from: start(nextCalendarDate(filter.from)) };
    case "exactly":
      return { from: start(filter.from), until: start(nextCalendarDate(filter.from)) };
    case "between":
      return { from: start(filter.from), until: start(nextCalendarDate(filter.to ?? filter.from)) };
    case "never":
      // Not a range: the list compares the row's own dates (see listReferrals).
      return {};
    default:
      throw new UnknownComparisonError("date", String((filter as { type: unknown }).type));
  }
}

/** The list's address with some parameters changed (null removes one); a new filter or sort starts at page 1. */
export function listHref(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, String(value));
  }
  if (!("page" in changes)) params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** Whether the list's address narrows it: an empty list then means "no match", not "nothing yet". */
export function isFiltered(query: Pick<ListQuery, "text" | "dates">): boolean {
  return Object.keys(query.text).length > 0 || Object.keys(query.dates).length > 0;
}

export interface ListExport {
  href: string;
  fileName: string;
}

/** The CSV files a list page offers: the whole list, and the rows its filters show when it has any. */
export interface ListExports {
  all: ListExport;
  filtered: ListExport | null;
}

/** The CSV's file name; a filtered list's says so ("children-filtered-2026-11-23.csv"). */
export function exportFileName(
  name: string,
  query: Pick<ListQuery, "text" | "dates">,
  today = easternCalendarDate(),
): string {
  return `${name}${isFiltered(query) ? "-filtered" : ""}-${today}.csv`;
}

/** A date filter as a list's address says it (`<field>Type`, `<field>From`, `<field>To`), dates as YYYY-MM-DD. */
export function dateFilterParams(field: string, filter: DateFilter): Record<string, string> {
  return {
    [`${field}Type`]: filter.type,
    ...(filter.from ? { [`${field}From`]: filter.from } : {}),
    ...(filter.to ? { [`${field}To`]: filter.to } : {}),
  };
}

/** The CSV export links (R81): whole list, and the filtered rows when filtered; `fixed` names the list itself. */
export function listExports(
  path: string,
  name: string,
  query: ListQuery,
  fixed: Record<string, string> = {},
): ListExports {
  const whole = new URLSearchParams({ ...fixed, sort: query.sort, order: query.order });
  const all = { href: `${path}?${whole}`, fileName: exportFileName(name, { text: {}, dates: {} }) };
  if (!isFiltered(query)) return { all, filtered: null };
  const filters = new URLSearchParams(whole);
  for (const [field, value] of Object.entries(query.text)) filters.set(field, value);
  // Dates as YYYY-MM-DD, which the export reads in either language.
  for (const [field, filter] of Object.entries(query.dates))
    for (const [name, value] of Object.entries(dateFilterParams(field, filter))) filters.set(name, value);
  return { all, filtered: { href: `${path}?${filters}`, fileName: exportFileName(name, query) } };
}

export function pageCount(total: number, count: number): number {
  return Math.max(1, Math.ceil(total / count));
}
