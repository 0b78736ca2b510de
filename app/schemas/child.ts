import * as z from "zod/mini";
import { ageProblem, calendarDate, isCalendarDate } from "~/utils/child-age";
import { MARYLAND } from "~/utils/lookup-codes";
import { across, optionalCode, optionalText, requiredCode, requiredText, type AnswerIssue } from "./fields";

const PART = /^\d{1,4}$/;

/** One message for the date (GOV.UK): "Enter the child's date of birth", else what it must still include. */
export function missingDateMessage(parts: { month?: string; day?: string; year?: string }): string | null {
  const missing = (["month", "day", "year"] as const).filter((part) => !PART.test(parts[part] ?? ""));
  if (missing.length === 0) return null;
  if (missing.length === 3) return "validation.birthdateMissing";
  return `validation.birthdateNeeds.${missing.join("_")}`;
}

/**
 * Pre-verification (R37-R39): lives in Maryland, a real date (no-JavaScript day lists offer 1-31), already born, and
 * under 36 months for a new child. `today`: Maryland's.
 */
export function preVerifyIssues(
  value: { id: number | null; birthYear?: string; birthMonth?: string; birthDay?: string; stateOfResidence: string },
  today: string,
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  if (value.stateOfResidence !== MARYLAND)
    issues.push({ path: "stateOfResidence", message: "validation.stateNotMaryland" });
  // One message for the whole date, on the question (its lists report nothing of their own).
  const missing = missingDateMessage({ month: value.birthMonth, day: value.birthDay, year: value.birthYear });
  if (missing) return [...issues, { path: "birthdate", message: missing }];
  const date = calendarDate(Number(value.birthYear), Number(value.birthMonth), Number(value.birthDay));
  const problem = date ? ageProblem(date, today) : null;
  if (!date) issues.push({ path: "birthdate", message: "validation.impossibleDate" });
  else if (problem === "MUST_BE_BORN") issues.push({ path: "birthdate", message: "validation.mustBeBorn" });
  // A child already kept (an id) may be three or older and still be corrected; a new one may not.
  else if (problem === "AGE_OF" && value.id === null) issues.push({ path: "birthdate", message: "validation.ageOf" });
  return issues;
}

/** A part of the birth date as chosen in its list; a missing or unreadable one is named in the date's one message. */
const datePart = z.optional(z.string().check(z.trim()));

/** The record's id, carried by the form when a kept child is corrected. */
const optionalId = z.pipe(
  z.optional(z.string().check(z.regex(/^[1-9]\d{0,9}$/))),
  z.transform((value: string | undefined) => (value ? Number(value) : null)),
);

/** Pre-verification (R37, R38, R39): preVerifyIssues, then the date as YYYY-MM-DD. */
export const preVerifySchema = (today: string) =>
  z.pipe(
    z
      .object({
        id: optionalId,
        birthYear: datePart,
        birthMonth: datePart,
        birthDay: datePart,
        stateOfResidence: requiredCode("validation.childState"),
      })
      .check(across((value: Parameters<typeof preVerifyIssues>[0]) => preVerifyIssues(value, today))),
    z.transform(
      (value: {
        id: number | null;
        birthYear?: string;
        birthMonth?: string;
        birthDay?: string;
        stateOfResidence: string;
      }) => ({
        id: value.id,
        birthdate: calendarDate(Number(value.birthYear), Number(value.birthMonth), Number(value.birthDay))!,
        stateOfResidence: value.stateOfResidence,
      }),
    ),
  );

/** The child's name, with pre-verification's birthdate and state passed along hidden (their errors in the summary). */
export const ChildNameSchema = z.object({
  id: optionalId,
  birthdate: z.string("validation.birthdateMissing").check(z.refine(isCalendarDate, "validation.impossibleDate")),
  stateOfResidence: requiredCode("validation.childState"),
  prefix: optionalCode,
  firstName: requiredText("validation.childFirstName"),
  middleName: optionalText(100),
  lastName: requiredText("validation.childLastName"),
  suffix: optionalCode,
});
export type ChildName = z.output<typeof ChildNameSchema>;
