import { ageInMonths } from "./child-age";
import { easternCalendarDate } from "./dates";
import { daysToDetermination } from "./timeline";

// One narrow indexed row per submitted referral (R127), kept with each submit and status change, so the insight page
// needs no joins.

export interface FiguresFacts<Status extends string = string> {
  id: number;
  created_by_id: number;
  status: Status;
  /** When it was submitted (ISO, UTC). */
  submission_date: string;
  referrer_relationship: string | null;
  birthdate: string;
  county: string | null;
  /** When the program first recorded a status after submission (ISO, UTC), if it has. */
  first_change_at: string | null;
  local_program_id: number | null;
  /** When eligibility was first determined (Eligible or Not Eligible), if it has been. */
  determined_at: string | null;
}

/** Submission's Maryland day, and county, source and age in months as at submission. */
export function referralFiguresRow<Status extends string>(facts: FiguresFacts<Status>) {
  const day = easternCalendarDate(new Date(facts.submission_date));
  return {
    referral_id: facts.id,
    created_by_id: facts.created_by_id,
    status: facts.status,
    submitted_at: facts.submission_date,
    submitted_day: day,
    county: facts.county,
    source: facts.referrer_relationship,
    age_months: ageInMonths(facts.birthdate, day),
    first_change_at: facts.first_change_at,
    local_program_id: facts.local_program_id,
    determined_days: daysToDetermination(day, facts.determined_at),
  };
}
