import {
  ANSWER_NAMES,
  ANSWERS,
  present,
  sectionOf,
  type AnswerName,
  type AnswerRow,
  type ReviewShown,
} from "./answers";
import { WIZARD_STEPS } from "./step-table";

// The review's rows of plain answers, as the table of answers says (its `review`): which show, under which label.

type StepKey = (typeof WIZARD_STEPS)[number]["key"];
const rowOf = (name: AnswerName): AnswerRow => ANSWERS[name];

/** Answers whose row has a `review`. */
export type ReviewedName = {
  [Name in AnswerName]: (typeof ANSWERS)[Name] extends { review: ReviewShown } ? Name : never;
}[AnswerName];

/** Plain answers by `answer` name, lookup codes as labels. */
export type ShownAnswers = Record<string, string | number | null>;

/**
 * The section's reviewed answers the review has not placed, in table order, to end the section: a new plain answer
 * then shows with its row here alone (decision 0029).
 */
export function reviewedUnplaced(step: StepKey, placed: ReadonlySet<AnswerName>): ReviewedName[] {
  const section = WIZARD_STEPS.find((each) => each.key === step)!.section;
  return ANSWER_NAMES.filter(
    (name) => rowOf(name).review && !placed.has(name) && sectionOf(name) === section,
  ) as ReviewedName[];
}

/**
 * A review row of one answer, or several joined by spaces under the first's label (the referrer's name). Null when
 * `whenGiven` and not given.
 */
export function reviewRow(names: ReviewedName[], shown: ShownAnswers) {
  const rows = names.map(rowOf);
  const review = rows[0].review!;
  const values = rows.map((row) => shown[row.answer!]).filter(present);
  const value = values.length === 0 ? null : values.length === 1 ? values[0] : values.join(" ");
  if (review.whenGiven && value === null) return null;
  return { label: review.label, value, as: review.as ?? "text" };
}
