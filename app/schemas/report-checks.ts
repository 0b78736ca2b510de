import type { Language } from "~/i18n/config";
import { PAST_DRAFT_STATUSES, type PastDraftStatus } from "~/utils/statuses";
import { choice, formCheck, optionalCode, optionalText, pastDate, type Rule } from "./checks";

// The two report forms' rules without zod (docs/product-rules.md R96, R97; see checks.ts); app/schemas/report.server.ts
// builds the actions' schemas over them.

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

const format = choice(["csv", "xlsx"], "validation.unknownChoice", { optional: true });

/** The statuses ticked: each one of the list. */
const statuses: Rule = (value) => {
  const list: unknown[] = value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value];
  const unknown = list.filter((key) => !(REPORT_STATUS_KEYS as unknown[]).includes(key));
  return unknown.length ? { messages: unknown.map(() => "validation.unknownChoice"), fatal: true } : null;
};

export const referralReportCheck = (today: string, language: Language) =>
  formCheck({
    statuses,
    format,
    filename: optionalText(80),
    createdAfter: pastDate(today, language, "validation.dateFuture"),
    createdBefore: pastDate(today, language, "validation.dateFuture"),
    county: optionalCode,
  });

export const userReportCheck = (today: string, language: Language) =>
  formCheck({
    format,
    filename: optionalText(80),
    primaryLanguage: choice(["en", "sp"], "validation.unknownChoice", { optional: true }),
    lastLoginAfter: pastDate(today, language, "validation.dateFuture"),
    lastLoginBefore: pastDate(today, language, "validation.dateFuture"),
  });
