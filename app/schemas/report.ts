import { z } from "zod";
import type { ReferralStatus } from "../../db/schema";
import { choice, optionalCode, optionalText } from "./fields";

// The two report forms (SPEC §2 reports). Dates cannot be after today (Maryland's). Messages are
// keys in common:validation.

/** The status keys of the referral report form (SPEC §2: keys such as not_eligible), and the status each names. */
export const REPORT_STATUSES = {
  submitted: "Submitted",
  received: "Received",
  processed: "Processed",
  unable_to_process: "Unable to Process",
  unable_to_contact: "Unable to Contact",
  eligible: "Eligible",
  not_eligible: "Not Eligible",
} as const satisfies Record<string, ReferralStatus>;
export const REPORT_STATUS_KEYS = Object.keys(REPORT_STATUSES) as Array<keyof typeof REPORT_STATUSES>;

const format = choice(["csv", "xlsx"], "validation.unknownChoice").default("csv");

function day(today: string) {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.dateFormat")
    .refine((value) => value <= today, "validation.dateFuture")
    .optional();
}

export function referralReportSchema(today: string) {
  return z.object({
    statuses: z.array(choice(REPORT_STATUS_KEYS as [keyof typeof REPORT_STATUSES, ...Array<keyof typeof REPORT_STATUSES>], "validation.unknownChoice")).default([]),
    format,
    filename: optionalText(80),
    createdAfter: day(today),
    createdBefore: day(today),
    county: optionalCode,
  });
}

export function userReportSchema(today: string) {
  return z.object({
    format,
    filename: optionalText(80),
    primaryLanguage: choice(["en", "sp"], "validation.unknownChoice").optional(),
    lastLoginAfter: day(today),
    lastLoginBefore: day(today),
  });
}

/** The API's names (SPEC §7) for the form's fields. */
export const REPORT_API_FIELDS: Record<string, string> = {
  created_after: "createdAfter",
  created_before: "createdBefore",
  primary_language: "primaryLanguage",
  last_login_after: "lastLoginAfter",
  last_login_before: "lastLoginBefore",
};
