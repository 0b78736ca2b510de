import type * as z from "zod/mini";
import type { Language } from "~/i18n/config";
import type { ReferralAnswers } from "~/schemas/answers.server";
import type { ConsentCode } from "~/schemas/referral";
import {
  ChildLanguageSchema,
  ConsentSchema,
  DetailsSchema,
  FamilyLanguageSchema,
  FosterCareSchema,
  GestationalAgeSchema,
  InterpreterSchema,
  ProxySchema,
  ReasonsSchema,
  RelationshipSchema,
  screeningSchema,
  SexSchema,
} from "~/schemas/referral";

// What each wizard step's form saves: its schema (what the form sends, with the page's own
// messages) and the referral's answers read from it, which saveAnswers checks and stores
// (app/models/referral.server.ts). `fields` names the form's field for an answer the models
// refuse, where the form calls it something else. (The address step and the guardians and
// documents lists save through their own models.)

export interface StepSave<Schema extends z.ZodMiniType> {
  schema: Schema;
  answers: (value: z.output<Schema>) => ReferralAnswers;
  fields?: Record<string, string>;
}

const save = <Schema extends z.ZodMiniType>(
  schema: Schema,
  answers: (value: z.output<Schema>) => ReferralAnswers,
  fields?: Record<string, string>,
): StepSave<Schema> => ({
  schema,
  answers,
  fields,
});

export const STEP_SAVES = {
  relationship: save(RelationshipSchema, (value) => ({
    referrerRelationship: value.referrerRelationship,
    familyApproval: value.familyApproval ?? null,
    isAudiologistScreening: value.isAudiologistScreening ?? null,
    isHospitalBirth: value.isHospitalBirth ?? null,
    isCAPTA: value.isCAPTA ?? null,
    referralSourceOther: value.referralSourceOther ?? null,
  })),
  proxy: save(ProxySchema, (value) => ({
    referrerPrefix: value.referrerPrefix || null,
    referrerFirstName: value.referrerFirstName,
    referrerMiddleName: value.referrerMiddleName || null,
    referrerLastName: value.referrerLastName,
    referrerSuffix: value.referrerSuffix || null,
    referrerPhoneNumber: value.referrerPhoneNumber,
  })),
  sex: save(SexSchema, (value) => ({ gender: value.gender || null, races: value.races ?? [], isHispanicChild: value.isHispanicChild ?? null })),
  childLanguage: save(ChildLanguageSchema, (value) => ({ primaryLanguage: value.primaryLanguage })),
  gestationalAge: save(GestationalAgeSchema, (value) => ({ gestationalAgeInDays: value.gestationalAgeInDays }), { gestationalAgeInDays: "weeks" }),
  familyLanguage: save(FamilyLanguageSchema, (value) => ({ familyPrimaryLanguage: value.familyPrimaryLanguage })),
  interpreter: save(InterpreterSchema, (value) => ({ familyNeedsInterpreter: value.familyNeedsInterpreter })),
  fosterCare: save(FosterCareSchema, (value) => ({ childInFosterCare: value.childInFosterCare })),
  reasons: save(ReasonsSchema, (value) => ({ referralReasons: { RefReasons_ConcernsDevelopmental: value.developmental ?? [] } }), {
    "referralReasons.RefReasons_ConcernsDevelopmental": "developmental",
  }),
  details: save(DetailsSchema, (value) => ({ additionalDetails: value.additionalDetails ?? null })),
  documents: save(ConsentSchema, (value) => ({ childParentConsent: Number(value.childParentConsent) as ConsentCode })),
};

/**
 * The screenings step: its date may not be after today (Maryland's) and is typed in the page
 * language's order, so its schema is made per request.
 */
export function screeningSave(today: string, language: Language) {
  return save(
    screeningSchema(today, language),
    (value) => ({
      referralReasons: { FailedScreenings: value.screenings ?? [], IdentifiedConditions: value.conditions ?? [] },
      otherMedicalCondition: value.otherMedicalCondition ?? null,
      failedScreeningDate: value.failedScreeningDate ?? null,
    }),
    { "referralReasons.FailedScreenings": "screenings", "referralReasons.IdentifiedConditions": "conditions" },
  );
}
