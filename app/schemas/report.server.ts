import { z } from "zod";
import type { Language } from "~/i18n/config";
import { choice, optionalCode, optionalText, typedDate } from "./fields.server";
import { REPORT_STATUS_KEYS, type REPORT_STATUSES } from "./report-checks";

// The two report forms (docs/product-rules.md R96, R97). Dates are typed in the page language's order (as the
// lists show them) or as YYYY-MM-DD (the API), and cannot be after today (Maryland's). Messages
// are keys in common:validation.

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
