import type { DB } from "~/db.server";
import { ANSWER_NAMES, ANSWERS, type AnswerRow, type ReviewShown } from "~/wizard/answers";
import type { LookupType } from "./lookup.server";
import type { ReferralRow } from "./referral-list.server";
import { traced } from "~/services/trace.server";

// The referral CSV's columns and what it reads beyond the list's rows; referral-cells.server.ts writes the cells.

/** The 35 columns of the referral CSV (R81); headings in locales referrals:csv. */
export const REFERRAL_CSV_COLUMNS = [
  "id",
  "status",
  "createdAt",
  "updatedAt",
  "submissionDate",
  "statusUpdatedAt",
  "statusDetails",
  "referrerRelationship",
  "referrerFirstName",
  "referrerLastName",
  "referrerPhoneNumber",
  "createdByEmail",
  "childFirstName",
  "childMiddleName",
  "childLastName",
  "childSuffix",
  "childBirthdate",
  "childStateOfResidence",
  "gender",
  "races",
  "isHispanicChild",
  "primaryLanguage",
  "addressLine1",
  "addressLine2",
  "city",
  "zip",
  "county",
  "gestationalAgeInDays",
  "familyPrimaryLanguage",
  "familyNeedsInterpreter",
  "childInFosterCare",
  "referralReasons",
  "otherMedicalCondition",
  "failedScreeningDate",
  "childParentConsent",
] as const;
export type CsvColumn = (typeof REFERRAL_CSV_COLUMNS)[number];

/** A plain answer of the table of answers: kept in a column as it is, shown as its `review` says. */
export type KeptAnswer = AnswerRow & { answer: string; column: string; review: ReviewShown };
const rows = ANSWER_NAMES.map((name): AnswerRow => ANSWERS[name]);

/**
 * The columns that are a plain answer of the table (named by its `answer`): the CSV reads its stored column and
 * writes it as the review reads it, so a change to the table's row changes the CSV and the report alike.
 */
export const CSV_ANSWERS: ReadonlyMap<string, KeptAnswer> = new Map(
  rows
    .filter((row): row is KeptAnswer => Boolean(row.answer && row.column && row.review))
    .filter((row) => (REFERRAL_CSV_COLUMNS as readonly string[]).includes(row.answer))
    .map((row) => [row.answer, row]),
);

/** The reasons' lookups, from the table's rows kept as `referralReasons.<lookup>`. */
export const REASON_LOOKUPS = rows.flatMap((row) =>
  row.answer?.startsWith("referralReasons.") ? [row.answer.slice("referralReasons.".length) as LookupType] : [],
);

/** What the CSV needs of one page of rows, in a few queries for the page, not per row. Codes stay codes. */
export const csvDetails = traced("model.csvDetails", async function csvDetails(db: DB, page: ReferralRow[]) {
  const ids = page.map((row) => row.id);
  if (!ids.length) return [];
  const referrals = new Map(
    (
      await db
        .selectFrom("referrals as r")
        .innerJoin("children as c", "c.id", "r.child_id")
        .leftJoin("addresses as a", "a.id", "r.address_id")
        .leftJoin("phone_numbers as p", "p.id", "r.referrer_phone_id")
        // Every column of the referral: those of the table's answers among them, whichever they are.
        .selectAll("r")
        .select([
          "p.area_code",
          "p.prefix",
          "p.suffix as phone_suffix",
          "c.suffix as child_suffix",
          "c.state_of_residence",
          "a.line1",
          "a.line2",
          "a.city",
          "a.zip",
        ])
        .where("r.id", "in", ids)
        .execute()
    ).map((row) => [row.id, row]),
  );
  const races = await db
    .selectFrom("referral_races")
    .select(["referral_id", "race_code"])
    .where("referral_id", "in", ids)
    .orderBy("race_code")
    .execute();
  const reasons = await db
    .selectFrom("referral_reasons")
    .select(["referral_id", "reason_type", "reason_code"])
    .where("referral_id", "in", ids)
    .orderBy("reason_type")
    .orderBy("reason_code")
    .execute();
  return page.map((row) => ({
    row,
    details: referrals.get(row.id)!,
    races: races.filter((race) => race.referral_id === row.id).map((race) => race.race_code),
    reasons: reasons.filter((reason) => reason.referral_id === row.id),
  }));
});
