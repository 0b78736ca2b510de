// The child's age rules (R37, R38), shared by the server and the browser. Dates are calendar
// dates (YYYY-MM-DD); "today" is the caller's: US Eastern time on the server.

export const AGE_LIMIT_MONTHS = 36;

export type AgeProblem = "AGE_OF" | "MUST_BE_BORN";

/** Days in a month (1–12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The birth-year choices (R38): from 5 years back to this year, `today`'s (Maryland's): none to come. */
export function birthYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: 6 }, (_, index) => year - 5 + index);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A calendar date from its parts, or null when there is no such day (31 April, 29 February 2027). */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger) || year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1)
    return null;
  if (day > daysInMonth(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return Boolean(match && calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) === text);
}

/** The day a child turns `months` months; the 1st of the next month when the day is missing (29 Feb -> 1 Mar). */
export function dateAfterMonths(birthdate: string, months: number): string {
  const [year, month, day] = birthdate.split("-").map(Number);
  const total = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  if (day <= daysInMonth(targetYear, targetMonth)) return `${targetYear}-${pad(targetMonth)}-${pad(day)}`;
  const next = targetMonth === 12 ? { year: targetYear + 1, month: 1 } : { year: targetYear, month: targetMonth + 1 };
  return `${next.year}-${pad(next.month)}-01`;
}

/** Whole months from a birth date to a later calendar date (0 before the child is a month old). */
export function ageInMonths(birthdate: string, on: string): number {
  const [by, bm, bd] = birthdate.split("-").map(Number);
  const [y, m, d] = on.split("-").map(Number);
  return Math.max(0, (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0));
}

/** MUST_BE_BORN for a birthdate after today; AGE_OF from the day the child is 36 months old. */
export function ageProblem(birthdate: string, today: string): AgeProblem | null {
  if (birthdate > today) return "MUST_BE_BORN";
  if (dateAfterMonths(birthdate, AGE_LIMIT_MONTHS) <= today) return "AGE_OF";
  return null;
}
