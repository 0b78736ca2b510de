import type { TFunction } from "i18next";
import type { DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { cellPages, type CsvPages } from "~/utils/csv-response.server";
import { formatCalendarDate, formatDateTimeEastern } from "~/utils/dates";
import type { ListQuery } from "~/utils/list";
import { formatPhone } from "~/utils/phone";
import { getLookups, lookupLabel, type LookupType } from "./lookup.server";
import { recordAccess, viewerOf } from "./access-record.server";
import { csvDetails, REFERRAL_CSV_COLUMNS } from "./referral-csv.server";
import {
  allReferrals,
  countReferrals,
  seenReferrals,
  type ReferralListKind,
  type ReferralRow,
  type ReferralSort,
} from "./referral-list.server";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

export type Cell = string | number;

/** The 35 CSV/report cells (R81), in the reader's language; times in US Eastern (R29). */
export const referralCellWriter = traced(
  "model.referralCellWriter",
  async function referralCellWriter(db: DB, language: Language, t: TFunction) {
    const labelsOf = async (type: LookupType) =>
      new Map((await getLookups(db, type)).map((row) => [row.code, lookupLabel(row, language)]));
    const [references, genders, races, languages, counties, suffixes, states, developmental, screenings, conditions] =
      await Promise.all(
        (
          [
            "References",
            "Genders",
            "Races",
            "Languages",
            "Counties",
            "Suffixes",
            "States",
            "RefReasons_ConcernsDevelopmental",
            "FailedScreenings",
            "IdentifiedConditions",
          ] as const
        ).map(labelsOf),
      );
    const reasonLabels: Record<string, Map<string, string>> = {
      RefReasons_ConcernsDevelopmental: developmental,
      FailedScreenings: screenings,
      IdentifiedConditions: conditions,
    };
    const label = (labels: Map<string, string>, code: string | null) => (code ? (labels.get(code) ?? code) : "");
    // Translated once, not once per row: a report has 100,000 of them.
    const once = new Map<string, string>();
    const translate = (key: string) => {
      let text = once.get(key);
      if (text === undefined) once.set(key, (text = t(key)));
      return text;
    };
    const answer = (value: string | null) => (value ? translate(`referrals:review.answers.${value}`) : "");
    const when = (moment: string | null) => (moment ? formatDateTimeEastern(moment, language) : "");
    const day = (date: string | null) => (date ? formatCalendarDate(date, language) : "");
    return {
      headers: REFERRAL_CSV_COLUMNS.map((column) => t(`referrals:csv.${column}`)),
      async cells(page: ReferralRow[]): Promise<Cell[][]> {
        return (await csvDetails(db, page)).map(({ row, details, races: raceCodes, reasons }) => [
          row.id,
          translate(`common:statuses.${row.status}`),
          when(row.createdAt),
          when(row.updatedAt),
          when(row.submissionDate),
          when(row.statusUpdatedAt),
          (language === "es" ? (row.statusDetailsEs ?? row.statusDetails) : row.statusDetails) ?? "",
          [label(references, details.referrer_relationship), details.referral_source_other].filter(Boolean).join(": "),
          details.referrer_first_name ?? "",
          details.referrer_last_name ?? "",
          details.area_code
            ? formatPhone({ areaCode: details.area_code, prefix: details.prefix!, suffix: details.phone_suffix! })
            : "",
          row.completedByEmail,
          row.childFirstName,
          row.childMiddleName ?? "",
          row.childLastName,
          label(suffixes, details.child_suffix),
          day(row.birthdate),
          label(states, details.state_of_residence),
          label(genders, details.gender),
          raceCodes.map((code) => label(races, code)).join("; "),
          answer(details.is_hispanic_child),
          label(languages, details.primary_language),
          details.line1 ?? "",
          details.line2 ?? "",
          details.city ?? "",
          details.zip ?? "",
          label(counties, row.county),
          details.gestational_age_in_days ?? "",
          label(languages, details.family_primary_language),
          answer(details.family_needs_interpreter),
          answer(details.child_in_foster_care),
          reasons.map((reason) => label(reasonLabels[reason.reason_type], reason.reason_code)).join("; "),
          details.other_medical_condition ?? "",
          day(details.failed_screening_date),
          details.child_parent_consent
            ? translate(`wizard:documents.consentAnswers.${details.child_parent_consent}`)
            : "",
        ]);
      },
    };
  },
);

/** A referral list as CSV (R81), 100 rows at a time; NotFoundError before any row is read. */
export const referralsCsv = traced(
  "model.referralsCsv",
  async function referralsCsv(
    db: DB,
    actor: CurrentUser,
    kind: ReferralListKind,
    query: ListQuery<ReferralSort>,
    ownerId: number | undefined,
    language: Language,
    t: TFunction,
  ): Promise<CsvPages> {
    const total = await countReferrals(db, actor, kind, query, ownerId);
    const writer = await referralCellWriter(db, language, t);
    // Each page of 100 on the record of access as it goes out, in one write (R95).
    const viewer = viewerOf(actor, "csv");
    async function* recorded() {
      for await (const page of allReferrals(db, actor, kind, query, ownerId)) {
        await recordAccess(db, viewer, seenReferrals(page), { action: "export", entityType: "referral" });
        yield page;
      }
    }
    return { header: writer.headers, total, pages: cellPages(recorded(), (page) => writer.cells(page)) };
  },
);
