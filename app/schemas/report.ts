import { z } from "zod";
import type { Language } from "~/i18n/config";
import { PAST_DRAFT_STATUSES, type PastDraftStatus } from "~/utils/statuses";
import { choice, optionalCode, optionalText, typedDate } from "./fields";

// The two report forms (docs/product-rules.md R96, R97). Dates are typed in the page language's order (as the
// lists show them) or as YYYY-MM-DD (the API), and cannot be after today (Maryland's). Messages
// are keys in common:validation.

/** "Not Eligible" → "not_eligible". */
type StatusKey<S extends string> = S extends `${infer Word} ${infer Rest}` ? `${Lowercase<Word>}_${StatusKey<Rest>}` : Lowercase<S>;
const statusKey = <S extends string>(status: S) => status.toLowerCase().replace(/ /g, "_") as StatusKey<S>;

/** The status keys of the referral report form (docs/product-rules.md R97: keys such as not_eligible), and the status each names. */
export const REPORT_STATUSES = PAST_DRAFT_STATUSES.reduce<Record<string, PastDraftStatus>>(
  (keys, status) => ({ ...keys, [statusKey(status)]: status }),
  {},
) as {
  readonly [S in PastDraftStatus as StatusKey<S>]: S;
};
export const REPORT_STATUS_KEYS = Object.keys(REPORT_STATUSES) as Array<keyof typeof REPORT_STATUSES>;

const format = choice(["csv", "xlsx"], "validation.unknownChoice").default("csv");

function day(today: string, language: Language) {
  return typedDate(language)
    .refine((value) => value <= today, "validation.dateFuture")
    .optional();
}

export function referralReportSchema(today: string, language: Language) {
  return z.object({
    statuses: z
      .array(choice(REPORT_STATUS_KEYS as [keyof typeof REPORT_STATUSES, ...Array<keyof typeof REPORT_STATUSES>], "validation.unknownChoice"))
      .default([]),
    format,
    filename: optionalText(80),
    createdAfter: day(today, language),
    createdBefore: day(today, language),
    county: optionalCode,
  });
}

export function userReportSchema(today: string, language: Language) {
  return z.object({
    format,
    filename: optionalText(80),
    primaryLanguage: choice(["en", "sp"], "validation.unknownChoice").optional(),
    lastLoginAfter: day(today, language),
    lastLoginBefore: day(today, language),
  });
}

/** The API's names (docs/product-rules.md R104) for the form's fields. */
export const REPORT_API_FIELDS: Record<string, string> = {
  created_after: "createdAfter",
  created_before: "createdBefore",
  primary_language: "primaryLanguage",
  last_login_after: "lastLoginAfter",
  last_login_before: "lastLoginBefore",
};
