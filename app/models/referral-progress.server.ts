import type { DB } from "~/db.server";
import { ANSWER_NAMES, ANSWERS, type AnswerRow } from "~/wizard/answers";
import type { ReferralFacts } from "./completeness";
import type { DraftReferral } from "./referral.server";
import { traced } from "~/services/trace.server";

/**
 * What completeness.ts needs of a referral's answers for the sections' progress and what is missing. Checks no access:
 * the caller has.
 */
export const progressFacts = traced(
  "model.progressFacts",
  async function progressFacts(db: DB, referral: DraftReferral): Promise<ReferralFacts> {
    // One statement, as every step's frame asks it: a row per parent or guardian (one with none when there is none),
    // each carrying the address and the counts.
    const rows = await db
      .selectFrom("referrals as r")
      .leftJoin("addresses as a", "a.id", "r.address_id")
      .leftJoin("adults as p", "p.referral_id", "r.id")
      .select(["a.id as addressId", "a.line1", "a.city", "a.zip", "a.county"])
      .select(["p.id", "p.first_name", "p.middle_name", "p.last_name"])
      .select(["p.home_phone_id", "p.work_phone_id", "p.mobile_phone_id"])
      .select((eb) => [
        eb
          .selectFrom("referral_reasons")
          .select(eb.fn.countAll<number>().as("n"))
          .where("referral_id", "=", referral.id)
          .as("reasons"),
        eb
          .selectFrom("referral_documents")
          .select(eb.fn.countAll<number>().as("n"))
          .where("referral_id", "=", referral.id)
          .as("documents"),
        eb
          .selectFrom("referral_documents")
          .select(eb.fn.countAll<number>().as("n"))
          .where("referral_id", "=", referral.id)
          .where("is_consent", "=", 1)
          .where("disabled", "=", 0)
          .as("consentDocuments"),
      ])
      .where("r.id", "=", referral.id)
      .orderBy("p.id")
      .execute();
    const [first] = rows;
    const address =
      first && first.addressId !== null
        ? { line1: first.line1, city: first.city, zip: first.zip, county: first.county }
        : null;
    const adults = rows.filter((row) => row.id !== null);
    const plainAnswers: Record<string, unknown> = {};
    for (const name of ANSWER_NAMES) {
      const row: AnswerRow = ANSWERS[name];
      if (row.column && row.answer) plainAnswers[row.answer] = referral[row.column as keyof DraftReferral];
    }
    return {
      ...plainAnswers,
      referrerRelationship: referral.referrer_relationship,
      followUpAnswers: {
        familyApproval: referral.family_approval,
        isAudiologistScreening: referral.is_audiologist_screening,
        isHospitalBirth: referral.is_hospital_birth,
        isCAPTA: referral.is_capta,
        referralSourceOther: referral.referral_source_other,
      },
      address,
      gestationalAgeInDays: referral.gestational_age_in_days,
      adults: adults.map((adult) => ({
        id: adult.id!,
        name: [adult.first_name, adult.middle_name, adult.last_name].filter(Boolean).join(" "),
        phones: [adult.home_phone_id, adult.work_phone_id, adult.mobile_phone_id].filter((id) => id !== null).length,
      })),
      reasons: Number(first?.reasons ?? 0),
      documents: Number(first?.documents ?? 0),
      consentDocuments: Number(first?.consentDocuments ?? 0),
      childParentConsent: referral.child_parent_consent,
    };
  },
);
