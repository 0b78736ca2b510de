import * as z from "zod/mini";
import { codes, optionalEmail, requiredText, tooLong } from "./fields";

// The local programs' forms (R136, R138, R139).

/** Digits, spaces and the marks a phone number is written with, and an extension. */
const PHONE = /^[-0-9 ()+.]{7,30}( *(x|ext\.?) *[0-9]{1,6})?$/i;
/** A domain name: letters, digits and hyphens, two labels at least (example.org). */
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i;

/** The domains typed one after another, split at commas, spaces or lines. */
export function splitDomains(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().replace(/^@/, "").toLowerCase())
    .filter(Boolean);
}

export const LocalProgramSchema = z.object({
  nameEn: requiredText("validation.programNameEn", 200),
  nameEs: requiredText("validation.programNameEs", 200),
  intakeEmail: optionalEmail,
  phone: z.optional(
    z.string().check(z.trim(), z.maxLength(60, tooLong(60)), z.regex(PHONE, "validation.programPhone")),
  ),
  approvedDomains: z.pipe(
    z.optional(z.string().check(z.maxLength(1000, tooLong(1000)))),
    z.pipe(
      z.transform(splitDomains),
      z
        .array(z.string())
        .check(
          z.refine((domains: string[]) => domains.every((domain) => DOMAIN.test(domain)), "validation.programDomains"),
        ),
    ),
  ),
});
export type LocalProgramInput = z.output<typeof LocalProgramSchema>;

/** The programs a person is staff of, by id; none takes the role away. */
export const StaffProgramsSchema = z.object({ localPrograms: codes(24) });

/** A referral's move to another program, and why (R139). */
export const TransferSchema = z.object({
  toProgram: z
    .number("validation.transferProgram")
    .check(z.refine(Number.isInteger, "validation.transferProgram"), z.gte(1, "validation.transferProgram")),
  reason: requiredText("validation.transferReason", 200),
});
