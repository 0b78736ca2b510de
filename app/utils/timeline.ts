import { daysBetween, easternCalendarDate, shiftDate } from "./dates";

// The 45-day timeline (34 CFR 303.310; docs/product-rules.md R141): the evaluation, the assessment and the initial IFSP
// meeting within 45 days of the referral. Counted in Maryland calendar days from the day the referral was submitted;
// the count stops on the day eligibility was first determined (Eligible or Not Eligible).

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
  return { day: daysBetween(start, determinedOn ?? today), endsOn, determinedOn, overdue: !determinedOn && today > endsOn };
}

/**
 * The lists' "past this many days without Eligible or Not Eligible" (the pastDays filter), or null when the text is not
 * a whole number from 0 to 999: the list then shows every referral and says it did not understand.
 */
export function pastDaysOf(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,3}$/.test(text) ? Number(text) : null;
}

/** Days from the submission day to the day of determination, for the figures; null while undetermined. */
export function daysToDetermination(submittedDay: string, determinedAt: string | null): number | null {
  return determinedAt ? daysBetween(submittedDay, easternCalendarDate(new Date(determinedAt))) : null;
}
