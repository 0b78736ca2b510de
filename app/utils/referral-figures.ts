import { ageInMonths } from "./child-age";
import { easternCalendarDate } from "./dates";
import { daysToDetermination } from "./timeline";

// What the program's figures keep of each submitted referral (docs/product-rules.md R127): one row a referral in
// referral_figures, written with the submit and every status change, so the insight page counts from one narrow,
// indexed table instead of joining the referrals, children, addresses and status history of a whole period.

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

/**
 * A referral's row of figures: its Maryland calendar day of submission, and the county, referral source and child's
 * age in months as they were when it was submitted.
 */
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
