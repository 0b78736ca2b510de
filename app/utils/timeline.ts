import { daysBetween, easternCalendarDate, shiftDate } from "./dates";

// The 45-day timeline (34 CFR 303.310, R141), in Maryland days from submission to the first Eligible or Not Eligible.

export const TIMELINE_DAYS = 45;

/** The statuses that determine eligibility, and so end the count. */
export const DETERMINED_STATUSES = ["Eligible", "Not Eligible"] as const;

export interface Timeline {
  /** Days since submission, to today or to the day of determination. */
  day: number;
  /** The last day of the 45 (YYYY-MM-DD). */
  endsOn: string;
  determinedOn: string | null;
  /** Past the 45 days and not yet determined. */
  overdue: boolean;
}

export function timelineOf(submittedAt: string, determinedAt: string | null, today: string): Timeline {
  const start = easternCalendarDate(new Date(submittedAt));
  const determinedOn = determinedAt ? easternCalendarDate(new Date(determinedAt)) : null;
  const endsOn = shiftDate(start, TIMELINE_DAYS);
  return {
    day: daysBetween(start, determinedOn ?? today),
    endsOn,
    determinedOn,
    overdue: !determinedOn && today > endsOn,
  };
}

/** The pastDays filter (0-999), or null: the list then shows all and says it did not understand. */
export function pastDaysOf(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,3}$/.test(text) ? Number(text) : null;
}

/** Days from the submission day to the day of determination, for the figures; null while undetermined. */
export function daysToDetermination(submittedDay: string, determinedAt: string | null): number | null {
  return determinedAt ? daysBetween(submittedDay, easternCalendarDate(new Date(determinedAt))) : null;
}
