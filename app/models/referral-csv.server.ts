import type { DB } from "~/db.server";
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

/** What the CSV needs of one page of rows, in a few queries for the page, not per row. Codes stay codes. */
export const csvDetails = traced("model.csvDetails", async function csvDetails(db: DB, rows: ReferralRow[]) {
  const ids = rows.map((row) => row.id);
  if (!ids.length) return [];
  const referrals = new Map(
    (
      await db
        .selectFrom("referrals as r")
        .innerJoin("children as c", "c.id", "r.child_id")
        .leftJoin("addresses as a", "a.id", "r.address_id")
        .leftJoin("phone_numbers as p", "p.id", "r.referrer_phone_id")
        .select([
          "r.id",
          "r.referrer_relationship",
          "r.referral_source_other",
          "r.referrer_first_name",
          "r.referrer_last_name",
          "p.area_code",
          "p.prefix",
          "p.suffix as phone_suffix",
          "c.suffix as child_suffix",
          "c.state_of_residence",
          "r.gender",
          "r.is_hispanic_child",
          "r.primary_language",
          "a.line1",
          "a.line2",
          "a.city",
          "a.zip",
          "r.gestational_age_in_days",
          "r.family_primary_language",
          "r.family_needs_interpreter",
          "r.child_in_foster_care",
          "r.other_medical_condition",
          "r.failed_screening_date",
          "r.child_parent_consent",
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
  return rows.map((row) => ({
    row,
    details: referrals.get(row.id)!,
    races: races.filter((race) => race.referral_id === row.id).map((race) => race.race_code),
    reasons: reasons.filter((reason) => reason.referral_id === row.id),
  }));
});
