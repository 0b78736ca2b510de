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
    const address = referral.address_id
      ? ((await db
          .selectFrom("addresses")
          .select(["line1", "city", "zip", "county"])
          .where("id", "=", referral.address_id)
          .executeTakeFirst()) ?? null)
      : null;
    const adults = await db
      .selectFrom("adults")
      .select(["id", "first_name", "middle_name", "last_name", "home_phone_id", "work_phone_id", "mobile_phone_id"])
      .where("referral_id", "=", referral.id)
      .orderBy("id")
      .execute();
    const counts = await db
      .selectNoFrom((eb) => [
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
      .executeTakeFirstOrThrow();
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
        id: adult.id,
        name: [adult.first_name, adult.middle_name, adult.last_name].filter(Boolean).join(" "),
        phones: [adult.home_phone_id, adult.work_phone_id, adult.mobile_phone_id].filter((id) => id !== null).length,
      })),
      reasons: Number(counts.reasons),
      documents: Number(counts.documents),
      consentDocuments: Number(counts.consentDocuments),
      childParentConsent: referral.child_parent_consent,
    };
  },
);
