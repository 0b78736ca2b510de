import type { ANSWERS, AnswerName, ReviewShown } from "./answers";
import { present } from "./present";
import { WIZARD_STEPS } from "./step-table";

// The review's rows of plain answers, as the table of answers says (its `review`): which show, under which label.
// The server reads the table (shownAnswers, app/models/referral-review.server.ts) and sends its reviewed rows with
// the referral, so that the page's JavaScript carries these few lines and not the table.

type StepKey = (typeof WIZARD_STEPS)[number]["key"];

/** Answers whose row has a `review`. */
export type ReviewedName = {
  [Name in AnswerName]: (typeof ANSWERS)[Name] extends { review: ReviewShown } ? Name : never;
}[AnswerName];

/** A reviewed answer as the page shows it, in the table's order: its value already a lookup's label. */
export interface ReviewedAnswer {
  name: ReviewedName;
  /** The wizard section of its step. */
  section: string | null;
  label: string;
  as: NonNullable<ReviewShown["as"]>;
  whenGiven: boolean;
  value: string | number | null;
}

/**
 * The section's reviewed answers the review has not placed, in table order, to end the section: a new plain answer
 * then shows with its row here alone (decision 0029).
 */
export function reviewedUnplaced(
  step: StepKey,
  reviewed: ReviewedAnswer[],
  placed: ReadonlySet<ReviewedName>,
): ReviewedName[] {
  const section = WIZARD_STEPS.find((each) => each.key === step)!.section;
  return reviewed.filter((row) => row.section === section && !placed.has(row.name)).map((row) => row.name);
}

/**
 * A review row of one answer, or several joined by spaces under the first's label (the referrer's name). Null when
 * `whenGiven` and not given, or when the table does not give the answer to the review.
 */
export function reviewRow(names: ReviewedName[], reviewed: ReviewedAnswer[]) {
  const rows = names.map((name) => reviewed.find((row) => row.name === name));
  const first = rows[0];
  if (!first) return null;
  const values = rows.map((row) => row?.value ?? null).filter(present);
  const value = values.length === 0 ? null : values.length === 1 ? values[0] : values.join(" ");
  if (first.whenGiven && value === null) return null;
  return { label: first.label, value, as: first.as };
}
