import * as z from "zod/mini";
import type { Language } from "~/i18n/config";
import { PAST_DRAFT_STATUSES, type PastDraftStatus } from "~/utils/statuses";
import { choice, optionalCode, optionalText, pastDate } from "./fields";

// The two report forms (R96, R97). Dates are typed in the page language's order (as the lists
// show them) or as YYYY-MM-DD (the API), and cannot be after today (Maryland's).

/** "Not Eligible" → "not_eligible". */
type StatusKey<S extends string> = S extends `${infer Word} ${infer Rest}`
  ? `${Lowercase<Word>}_${StatusKey<Rest>}`
  : Lowercase<S>;
const statusKey = <S extends string>(status: S) => status.toLowerCase().replace(/ /g, "_") as StatusKey<S>;

/** The status keys of the referral report form (R97: keys such as not_eligible), and the status each names. */
export const REPORT_STATUSES = PAST_DRAFT_STATUSES.reduce<Record<string, PastDraftStatus>>(
  (keys, status) => ({ ...keys, [statusKey(status)]: status }),
  {},
) as {
  readonly [S in PastDraftStatus as StatusKey<S>]: S;
};
export const REPORT_STATUS_KEYS = Object.keys(REPORT_STATUSES) as Array<keyof typeof REPORT_STATUSES>;

const format = z._default(choice(["csv", "xlsx"], "validation.unknownChoice"), "csv");

const statuses = z._default(
  z.array(choice(REPORT_STATUS_KEYS as [StatusKeyOf, ...StatusKeyOf[]], "validation.unknownChoice")),
  [],
);
type StatusKeyOf = keyof typeof REPORT_STATUSES;

export const referralReportSchema = (today: string, language: Language) =>
  z.object({
    statuses,
    format,
    filename: optionalText(80),
    createdAfter: pastDate(today, language, "validation.dateFuture"),
    createdBefore: pastDate(today, language, "validation.dateFuture"),
    county: optionalCode,
  });

export const userReportSchema = (today: string, language: Language) =>
  z.object({
    format,
    filename: optionalText(80),
    primaryLanguage: z.optional(choice(["en", "sp"], "validation.unknownChoice")),
    lastLoginAfter: pastDate(today, language, "validation.dateFuture"),
    lastLoginBefore: pastDate(today, language, "validation.dateFuture"),
  });

/** The API's names (R104) for the form's fields. */
export const REPORT_API_FIELDS: Record<string, string> = {
  created_after: "createdAfter",
  created_before: "createdBefore",
  primary_language: "primaryLanguage",
  last_login_after: "lastLoginAfter",
  last_login_before: "lastLoginBefore",
};
