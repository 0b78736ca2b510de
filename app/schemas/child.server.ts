import { z } from "zod";
import { calendarDate, isCalendarDate } from "~/utils/child-age";
import { preVerifyIssues } from "./child-checks";
import { optionalCode, optionalText, requiredCode, requiredText } from "./fields.server";

/** A part of the birth date as chosen in its list; a missing or unreadable one is named in the date's one message. */
const datePart = z.string().trim().optional();

const optionalId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .optional()
  .transform((value) => (value ? Number(value) : null));

/**
 * Pre-verification (docs/product-rules.md R37, R38, R39): a real date (without JavaScript the day list offers 1–31),
 * already born and, for a new child, under 36 months, and a child living in Maryland. `today` is Maryland's.
 */
export function preVerifySchema(today: string) {
  return z
    .object({
      id: optionalId,
      birthYear: datePart,
      birthMonth: datePart,
      birthDay: datePart,
      stateOfResidence: requiredCode("validation.childState"),
    })
    .superRefine((value, ctx) => {
      for (const issue of preVerifyIssues(value, today)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    })
    .transform((value) => ({
      id: value.id,
      birthdate: calendarDate(Number(value.birthYear), Number(value.birthMonth), Number(value.birthDay))!,
      stateOfResidence: value.stateOfResidence,
    }));
}

/** The child's name, with the birthdate and state the pre-verification passed along. */
export const ChildNameSchema = z.object({
  id: optionalId,
  birthdate: z.string({ required_error: "validation.birthdateMissing" }).refine(isCalendarDate, "validation.impossibleDate"),
  stateOfResidence: requiredCode("validation.childState"),
  prefix: optionalCode,
  firstName: requiredText("validation.childFirstName"),
  middleName: optionalText(100),
  lastName: requiredText("validation.childLastName"),
  suffix: optionalCode,
});
export type ChildName = z.infer<typeof ChildNameSchema>;
