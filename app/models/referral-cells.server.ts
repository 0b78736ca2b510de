import type { TFunction } from "i18next";
import type { DB } from "~/db.server";
import type { Language } from "~/i18n/config";
import { cellPages, type CsvPages } from "~/utils/csv-response.server";
import { formatCalendarDate, formatDateTimeEastern } from "~/utils/dates";
import type { ListQuery } from "~/utils/list";
import { formatPhone } from "~/utils/phone";
import { lookupLabels, type LookupType } from "./lookup.server";
import { recordAccess, viewerOf } from "./access-record.server";
import {
  CSV_ANSWERS,
  csvDetails,
  REASON_LOOKUPS,
  REFERRAL_CSV_COLUMNS,
  type CsvColumn,
  type KeptAnswer,
} from "./referral-csv.server";
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

type Item = Awaited<ReturnType<typeof csvDetails>>[number];

/** The 35 CSV/report cells (R81), in the reader's language; times in US Eastern (R29). */
export const referralCellWriter = traced(
  "model.referralCellWriter",
  async function referralCellWriter(db: DB, language: Language, t: TFunction) {
    const lookupsRead = [
      ...new Set<LookupType>([
        ...["References", "Races", "Counties", "Suffixes", "States"],
        ...REASON_LOOKUPS,
        ...[...CSV_ANSWERS.values()].flatMap((row) => (row.review.lookup ? [row.review.lookup] : [])),
      ] as LookupType[]),
    ];
    const labels = new Map(
      await Promise.all(lookupsRead.map(async (type) => [type, await lookupLabels(db, type, language)] as const)),
    );
    const label = (type: LookupType, code: string | null) => (code ? (labels.get(type)!.get(code) ?? code) : "");
    // Translated once, not once per row: a report has 100,000 of them.
    const once = new Map<string, string>();
    const translate = (key: string) => {
      let text = once.get(key);
      if (text === undefined) once.set(key, (text = t(key)));
      return text;
    };
    const when = (moment: string | null) => (moment ? formatDateTimeEastern(moment, language) : "");
    const day = (date: string | null) => (date ? formatCalendarDate(date, language) : "");
    /** A plain answer as the review reads it; the gestational age stays a number of days. */
    const written = ({ column, review }: KeptAnswer) => {
      const { lookup, as } = review;
      return ({ details }: Item): Cell => {
        const stored = details[column as keyof typeof details] as string | number | null;
        if (stored === null || stored === "") return "";
        if (lookup) return label(lookup, String(stored));
        if (as === "yesNo") return translate(`referrals:review.answers.${stored}`);
        if (as === "date") return day(String(stored));
        if (as === "consent") return translate(`wizard:documents.consentAnswers.${stored}`);
        return stored;
      };
    };
    const own: Partial<Record<CsvColumn, (item: Item) => Cell>> = {
      id: ({ row }) => row.id,
      status: ({ row }) => translate(`common:statuses.${row.status}`),
      createdAt: ({ row }) => when(row.createdAt),
      updatedAt: ({ row }) => when(row.updatedAt),
      submissionDate: ({ row }) => when(row.submissionDate),
      statusUpdatedAt: ({ row }) => when(row.statusUpdatedAt),
      statusDetails: ({ row }) =>
        (language === "es" ? (row.statusDetailsEs ?? row.statusDetails) : row.statusDetails) ?? "",
      referrerRelationship: ({ details }) =>
        [label("References", details.referrer_relationship), details.referral_source_other].filter(Boolean).join(": "),
      referrerPhoneNumber: ({ details }) =>
        details.area_code
          ? formatPhone({ areaCode: details.area_code, prefix: details.prefix!, suffix: details.phone_suffix! })
          : "",
      createdByEmail: ({ row }) => row.completedByEmail,
      childFirstName: ({ row }) => row.childFirstName,
      childMiddleName: ({ row }) => row.childMiddleName ?? "",
      childLastName: ({ row }) => row.childLastName,
      childSuffix: ({ details }) => label("Suffixes", details.child_suffix),
      childBirthdate: ({ row }) => day(row.birthdate),
      childStateOfResidence: ({ details }) => label("States", details.state_of_residence),
      races: ({ races }) => races.map((code) => label("Races", code)).join("; "),
      addressLine1: ({ details }) => details.line1 ?? "",
      addressLine2: ({ details }) => details.line2 ?? "",
      city: ({ details }) => details.city ?? "",
      zip: ({ details }) => details.zip ?? "",
      county: ({ row }) => label("Counties", row.county),
      referralReasons: ({ reasons }) =>
        reasons.map((reason) => label(reason.reason_type as LookupType, reason.reason_code)).join("; "),
    };
    const cellsOf = REFERRAL_CSV_COLUMNS.map((column) => {
      const kept = CSV_ANSWERS.get(column);
      const cell = kept ? written(kept) : own[column];
      if (!cell) throw new Error(`The CSV's column ${column} is neither an answer of the table nor one of its own`);
      return cell;
    });
    return {
      headers: REFERRAL_CSV_COLUMNS.map((column) => t(`referrals:csv.${column}`)),
      async cells(page: ReferralRow[]): Promise<Cell[][]> {
        return (await csvDetails(db, page)).map((item) => cellsOf.map((cell) => cell(item)));
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
