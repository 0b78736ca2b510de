import { z } from "zod";
import { ageProblem, calendarDate, isCalendarDate, MARYLAND } from "~/utils/child-age";
import { optionalCode, optionalText, requiredCode, requiredText } from "./fields";

const datePart = z.string({ required_error: "validation.required" }).trim().regex(/^\d{1,4}$/, "validation.required");
const optionalId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .optional()
  .transform((value) => (value ? Number(value) : null));

/**
 * Pre-verification (SPEC §5 Child): a real date (without JavaScript the day list offers 1–31),
 * under 36 months and already born, and a child living in Maryland. `today` is Maryland's.
 */
export function preVerifySchema(today: string) {
  return z
    .object({
      id: optionalId,
      birthYear: datePart,
      birthMonth: datePart,
      birthDay: datePart,
      stateOfResidence: requiredCode,
    })
    .superRefine((value, ctx) => {
      if (value.stateOfResidence !== MARYLAND) ctx.addIssue({ code: "custom", path: ["stateOfResidence"], message: "validation.stateNotMaryland" });
      // A part left empty has its own message; the date is judged once all three are there.
      if (![value.birthYear, value.birthMonth, value.birthDay].every((part) => /^\d{1,4}$/.test(part))) return;
      const date = calendarDate(Number(value.birthYear), Number(value.birthMonth), Number(value.birthDay));
      const problem = date ? ageProblem(date, today) : null;
      if (!date) ctx.addIssue({ code: "custom", path: ["birthdate"], message: "validation.impossibleDate" });
      else if (problem) ctx.addIssue({ code: "custom", path: ["birthdate"], message: problem === "AGE_OF" ? "validation.ageOf" : "validation.mustBeBorn" });
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
  birthdate: z.string({ required_error: "validation.required" }).refine(isCalendarDate, "validation.impossibleDate"),
  stateOfResidence: requiredCode,
  prefix: optionalCode,
  firstName: requiredText(100),
  middleName: optionalText(100),
  lastName: requiredText(100),
  suffix: optionalCode,
});
export type ChildName = z.infer<typeof ChildNameSchema>;
