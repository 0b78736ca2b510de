import type { Updateable } from "kysely";
import type { ReasonType, ReferralsTable } from "../../db/schema";
import { holdRows, writeTransaction, type DB } from "~/db.server";
import {
  answeredOnSave,
  answerGroups,
  namedAnswers,
  type ReferralAnswers,
  type StoredAnswers,
} from "~/schemas/answers.server";
import { CONSENT, type ConsentCode } from "~/schemas/referral";
import {
  answerOf,
  followUps,
  shownRelationship,
  shownSourceOther,
  type FollowUp,
  type YesNoAnswer,
} from "~/schemas/relationship";
import { HOME_VISITING, HOME_VISITOR_TEXT, OTHER, OTHER_MEDICAL_CONDITION } from "~/utils/lookup-codes";
import { easternCalendarDate } from "~/utils/dates";
import type { WizardIds } from "~/utils/wizard-paths";
import { ANSWER_NAMES, ANSWERS, type AnswerRow } from "~/wizard/answers";
import { InputError, InvalidChoiceError } from "./errors";
import { unknownLookupCodes } from "./lookup.server";
import { insertPhone } from "./phone.server";
import { getDraftForEdit, type DraftReferral } from "./referral.server";
import type { CurrentUser } from "./user.server";
import { traced } from "~/services/trace.server";

// A Draft's answers (R50–R62), read as stored and saved through the table of answers' rules.

export const referralRaces = traced(
  "model.referralRaces",
  async function referralRaces(db: DB, referralId: number): Promise<string[]> {
    const rows = await db
      .selectFrom("referral_races")
      .select("race_code")
      .where("referral_id", "=", referralId)
      .orderBy("race_code")
      .execute();
    return rows.map((row) => row.race_code);
  },
);

/** A referral's stored answers under their answer names, which a change is laid over. */
export const storedAnswers = traced(
  "model.storedAnswers",
  async function storedAnswers(db: DB, referral: DraftReferral): Promise<StoredAnswers> {
    const phone = referral.referrer_phone_id
      ? await db
          .selectFrom("phone_numbers")
          .select(["area_code", "prefix", "suffix"])
          .where("id", "=", referral.referrer_phone_id)
          .executeTakeFirst()
      : undefined;
    const reasons = await db
      .selectFrom("referral_reasons")
      .select(["reason_type", "reason_code"])
      .where("referral_id", "=", referral.id)
      .orderBy("reason_code")
      .execute();
    const byType = (type: ReasonType) =>
      reasons.filter((reason) => reason.reason_type === type).map((reason) => reason.reason_code);
    // Those not kept as-is in one column of the row.
    const kept: Partial<StoredAnswers> = {
      referrerRelationship:
        shownRelationship({
          relationship: referral.referrer_relationship,
          sourceOther: referral.referral_source_other,
        }) || null,
      referralSourceOther: shownSourceOther({ sourceOther: referral.referral_source_other }),
      familyApproval: answerOf(referral.family_approval),
      isAudiologistScreening: answerOf(referral.is_audiologist_screening),
      isHospitalBirth: answerOf(referral.is_hospital_birth),
      isCAPTA: answerOf(referral.is_capta),
      referrerPhoneNumber: phone ? { areaCode: phone.area_code, prefix: phone.prefix, suffix: phone.suffix } : null,
      races: await referralRaces(db, referral.id),
      referralReasons: {
        RefReasons_ConcernsDevelopmental: byType("RefReasons_ConcernsDevelopmental"),
        FailedScreenings: byType("FailedScreenings"),
        IdentifiedConditions: byType("IdentifiedConditions"),
      },
      childParentConsent: (referral.child_parent_consent ?? CONSENT.notYet) as ConsentCode,
    };
    const answers: Record<string, unknown> = {};
    for (const name of ANSWER_NAMES) {
      const row: AnswerRow = ANSWERS[name];
      const key = row.answer?.split(".")[0];
      if (!key || key in answers) continue;
      answers[key] =
        key in kept
          ? kept[key as keyof StoredAnswers]
          : row.column
            ? referral[row.column as keyof DraftReferral]
            : null;
    }
    return answers as StoredAnswers;
  },
);

const flag = (answer: YesNoAnswer | undefined | null) => (answer === "yes" ? 1 : answer === "no" ? 0 : null);

/** Keeps only the follow-ups the relationship asks, so a change drops the rest (R50); home visiting is Other (R51). */
export function relationshipColumns(
  answers: Partial<
    Pick<
      StoredAnswers,
      "referralSourceOther" | "familyApproval" | "isAudiologistScreening" | "isHospitalBirth" | "isCAPTA"
    >
  > & {
    referrerRelationship: string | null;
  },
) {
  const asked = followUps(answers.referrerRelationship);
  const keep = (question: FollowUp) => asked.includes(question);
  const homeVisiting = answers.referrerRelationship === HOME_VISITING;
  return {
    referrer_relationship: homeVisiting ? OTHER : answers.referrerRelationship,
    referral_source_other: homeVisiting
      ? HOME_VISITOR_TEXT
      : keep("referralSourceOther")
        ? answers.referralSourceOther?.trim() || null
        : null,
    family_approval: keep("familyApproval") ? flag(answers.familyApproval) : null,
    is_audiologist_screening: keep("isAudiologistScreening") ? flag(answers.isAudiologistScreening) : null,
    is_hospital_birth: keep("isHospitalBirth") ? flag(answers.isHospitalBirth) : null,
    is_capta: keep("isCAPTA") ? flag(answers.isCAPTA) : null,
  };
}

/** Text trimmed, empty as null. */
const plain = (value: unknown) => (typeof value === "string" ? value.trim() || null : (value ?? null));

/** The referral row's columns a checked step stores. */
function stepColumns(step: AnswerRow["step"], a: StoredAnswers): Updateable<ReferralsTable> {
  const columns: Record<string, unknown> = {};
  for (const name of ANSWER_NAMES) {
    const row: AnswerRow = ANSWERS[name];
    if (row.step === step && row.column && row.answer)
      columns[row.column] = plain((a as Record<string, unknown>)[row.answer]);
  }
  if (step === "relationship") Object.assign(columns, relationshipColumns(a));
  // The text of Other medical condition is kept only while that condition is chosen.
  if (step === "screening" && !a.referralReasons.IdentifiedConditions.includes(OTHER_MEDICAL_CONDITION))
    columns.other_medical_condition = null;
  return columns as Updateable<ReferralsTable>;
}

/**
 * Saves any of a Draft's answers. Each touched group is checked whole, as stored with the new answers laid over; at
 * least one reason must remain (R58). Refusals are InputError, by answer.
 */
export const saveAnswers = traced(
  "model.saveAnswers",
  async function saveAnswers(
    db: DB,
    actor: CurrentUser,
    ids: WizardIds,
    answers: ReferralAnswers,
    today = easternCalendarDate(),
  ): Promise<void> {
    await saveChecked(db, actor, ids, answers, today, { followUpsLater: false });
  },
);

/**
 * Saves the relationship (R50, R150). Its unanswered follow-ups may wait: without JavaScript the step learns them only
 * once saved; the review lists them meanwhile (R148). Returns those still unanswered.
 */
export const chooseRelationship = traced(
  "model.chooseRelationship",
  async function chooseRelationship(
    db: DB,
    actor: CurrentUser,
    ids: WizardIds,
    answers: { referrerRelationship: string } & Partial<Record<FollowUp, string | null>>,
  ): Promise<{ unanswered: FollowUp[] }> {
    const given = {
      referrerRelationship: answers.referrerRelationship,
      familyApproval: (answers.familyApproval ?? null) as YesNoAnswer | null,
      isAudiologistScreening: (answers.isAudiologistScreening ?? null) as YesNoAnswer | null,
      isHospitalBirth: (answers.isHospitalBirth ?? null) as YesNoAnswer | null,
      isCAPTA: (answers.isCAPTA ?? null) as YesNoAnswer | null,
      referralSourceOther: answers.referralSourceOther ?? null,
    };
    await saveChecked(db, actor, ids, given, easternCalendarDate(), { followUpsLater: true });
    return { unanswered: followUps(given.referrerRelationship).filter((question) => !given[question]?.trim()) };
  },
);

const FOLLOW_UP_ANSWERS: readonly string[] = [
  "familyApproval",
  "isAudiologistScreening",
  "isHospitalBirth",
  "isCAPTA",
  "referralSourceOther",
] satisfies FollowUp[];

async function saveChecked(
  db: DB,
  actor: CurrentUser,
  ids: WizardIds,
  answers: ReferralAnswers,
  today: string,
  { followUpsLater }: { followUpsLater: boolean },
): Promise<void> {
  const reasonChecks = Object.entries(answers.referralReasons ?? {}).flatMap(([type, codes]) =>
    (codes ?? []).map((code) => ({ field: `referralReasons.${type}`, type: type as ReasonType, code })),
  );
  const errors = await unknownLookupCodes(db, [
    { field: "referrerRelationship", type: "References", code: answers.referrerRelationship },
    { field: "referrerPrefix", type: "Prefixes", code: answers.referrerPrefix },
    { field: "referrerSuffix", type: "Suffixes", code: answers.referrerSuffix },
    { field: "gender", type: "Genders", code: answers.gender },
    ...(answers.races ?? []).map((code) => ({ field: "races", type: "Races" as const, code })),
    { field: "primaryLanguage", type: "Languages", code: answers.primaryLanguage },
    { field: "familyPrimaryLanguage", type: "Languages", code: answers.familyPrimaryLanguage },
    ...reasonChecks,
  ]);
  if (Object.keys(errors).length) throw new InvalidChoiceError(errors);
  await writeTransaction(db, async (trx) => {
    // R135: writes of the same referral take turns.
    await holdRows(trx, "referrals", "id", [ids.referral]);
    const referral = await getDraftForEdit(trx, actor, ids);
    const stored = await storedAnswers(trx, referral);
    const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined));
    const merged: StoredAnswers = {
      ...stored,
      ...given,
      referralReasons: {
        ...stored.referralReasons,
        ...Object.fromEntries(Object.entries(answers.referralReasons ?? {}).filter(([, codes]) => codes !== undefined)),
      },
    };
    const named = namedAnswers(answers);
    const groups = [...answerGroups(today)].filter(([, group]) => group.fields.some((field) => named.has(field)));
    const fieldErrors: Record<string, string[]> = {};
    for (const [step, group] of groups) {
      const issues = Object.entries(answeredOnSave(step, merged)).map(([path, message]) => ({ path, message }));
      const parsed = group.rule?.safeParse(merged);
      for (const issue of parsed?.error?.issues ?? [])
        issues.push({ path: issue.path.join("."), message: issue.message });
      for (const { path, message } of issues) {
        // They wait for the relationship step's next page (chooseRelationship).
        if (followUpsLater && FOLLOW_UP_ANSWERS.includes(path)) continue;
        (fieldErrors[path] ??= []).push(message);
      }
    }
    if (Object.keys(fieldErrors).length) throw new InputError(fieldErrors);

    const columns: Updateable<ReferralsTable> = { updated_at: new Date().toISOString() };
    for (const [step] of groups) Object.assign(columns, stepColumns(step, merged));
    if (named.has("referrerPhoneNumber"))
      columns.referrer_phone_id = await insertPhone(trx, merged.referrerPhoneNumber, actor.id);
    await trx.updateTable("referrals").set(columns).where("id", "=", referral.id).execute();
    // The old number goes once nothing points at it.
    if (named.has("referrerPhoneNumber") && referral.referrer_phone_id) {
      await trx.deleteFrom("phone_numbers").where("id", "=", referral.referrer_phone_id).execute();
    }
    for (const [type, codes] of Object.entries(answers.referralReasons ?? {}) as Array<
      [ReasonType, string[] | undefined]
    >) {
      if (codes === undefined) continue;
      await trx
        .deleteFrom("referral_reasons")
        .where("referral_id", "=", referral.id)
        .where("reason_type", "=", type)
        .execute();
      if (codes.length) {
        await trx
          .insertInto("referral_reasons")
          .values(
            [...new Set(codes)].map((reason_code) => ({ referral_id: referral.id, reason_type: type, reason_code })),
          )
          .execute();
      }
    }
    if (groups.some(([step]) => step === "screening")) {
      const any = await trx
        .selectFrom("referral_reasons")
        .select("referral_id")
        .where("referral_id", "=", referral.id)
        .executeTakeFirst();
      if (!any) throw new InputError({ "referralReasons.FailedScreenings": ["validation.oneReason"] });
    }
    if (answers.races) {
      await trx.deleteFrom("referral_races").where("referral_id", "=", referral.id).execute();
      if (answers.races.length) {
        await trx
          .insertInto("referral_races")
          .values([...new Set(answers.races)].map((race_code) => ({ referral_id: referral.id, race_code })))
          .execute();
      }
    }
  });
}

export const referralReasons = traced(
  "model.referralReasons",
  async function referralReasons(db: DB, referralId: number, type: ReasonType): Promise<string[]> {
    const rows = await db
      .selectFrom("referral_reasons")
      .select("reason_code")
      .where("referral_id", "=", referralId)
      .where("reason_type", "=", type)
      .orderBy("reason_code")
      .execute();
    return rows.map((row) => row.reason_code);
  },
);
