import { calendarDate, isCalendarDate } from "./child-age";

export const EASTERN_TIME_ZONE = "America/New_York";

const DAY_MS = 24 * 60 * 60 * 1000;

type Locale = "en" | "es";

function localeTag(language: Locale) {
  return language === "es" ? "es-US" : "en-US";
}

/** Formatters cached per kind and language: building one costs far more than using it, and reports format many. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let made = formatters.get(`${key} ${locale}`);
  if (!made) formatters.set(`${key} ${locale}`, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

/** A moment (ISO text or Date) as a date and time in US Eastern time, e.g. "11/21/2026, 5:03 AM". */
export function formatDateTimeEastern(value: string | Date, language: Locale = "en"): string {
  return formatter("dateTime", localeTag(language), {
    timeZone: EASTERN_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(value));
}

/** A moment as a date in US Eastern time, e.g. "11/21/2026". */
export function formatDateEastern(value: string | Date, language: Locale = "en"): string {
  return formatCalendarDate(easternCalendarDate(new Date(value)), language);
}

/** A moment as a date written out in US Eastern time, e.g. "November 21, 2026" or "21 de noviembre de 2026". */
export function formatLongDateEastern(value: string | Date, language: Locale = "en"): string {
  return formatter("longDate", localeTag(language), {
    timeZone: EASTERN_TIME_ZONE,
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(value));
}

/** A YYYY-MM-DD date as typed: month first in English, day first in Spanish; parseTypedDate reads it back. */
export function formatCalendarDate(isoDate: string, language: Locale = "en"): string {
  const [year, month, day] = isoDate.split("-");
  return language === "es" ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/** A typed date in the language's order (slashes, dashes or dots) or YYYY-MM-DD; null when no real day. */
export function parseTypedDate(text: string, language: Locale = "en"): string | null {
  const typed = text.trim();
  if (isCalendarDate(typed)) return typed;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  if (!match) return null;
  const [first, second, year] = match.slice(1).map(Number);
  return language === "es" ? calendarDate(year, second, first) : calendarDate(year, first, second);
}

/** The calendar date (YYYY-MM-DD) it is in Maryland at a moment: "today" for every date rule. */
export function easternCalendarDate(moment: Date = new Date()): string {
  const parts = formatter("calendarDate", "en-CA", {
    timeZone: EASTERN_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whole days from one calendar date (YYYY-MM-DD) to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The calendar date `days` days after a calendar date (before it when negative). */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function nextCalendarDate(date: string): string {
  return shiftDate(date, 1);
}

/** The moment (ISO, UTC) a calendar date begins in Maryland, daylight saving time included. */
export function easternDayStart(date: string): string {
  // Noon UTC is the same calendar day in Maryland; the difference between the two clocks is the offset.
  const noon = new Date(`${date}T12:00:00Z`);
  const eastern = formatter("hour", "en-US", { timeZone: EASTERN_TIME_ZONE, hour: "numeric", hourCycle: "h23" }).format(
    noon,
  );
  const offsetHours = 12 - Number(eastern);
  return new Date(Date.parse(`${date}T00:00:00Z`) + offsetHours * 60 * 60 * 1000).toISOString();
}

export const IE_NOTICE_DAYS = 90;

/** The Internet Explorer notice shows from its start date while fewer than 90 days have passed. */
export function isIeNoticeWindowOpen(startDate: string | null | undefined, moment: Date = new Date()): boolean {
  if (!startDate || !/^\d{4}-\d{2}-\d{2}/.test(startDate)) return false;
  const elapsed = daysBetween(startDate.slice(0, 10), easternCalendarDate(moment));
  return elapsed >= 0 && elapsed < IE_NOTICE_DAYS;
}

/** A calendar date (YYYY-MM-DD) as a short day and month, e.g. "Nov 2" or "2 nov", for a chart's axis. */
export function formatShortDay(isoDate: string, language: Locale = "en"): string {
  return formatter("shortDay", localeTag(language), { timeZone: "UTC", month: "short", day: "numeric" }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

/** A month (YYYY-MM) as its short name and year, e.g. "Nov 2026" or "nov 2026". */
export function formatMonth(month: string, language: Locale = "en"): string {
  return formatter("month", localeTag(language), { timeZone: "UTC", month: "short", year: "numeric" }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}
