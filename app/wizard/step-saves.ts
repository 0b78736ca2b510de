import type { z } from "zod";
import type { Language } from "~/i18n/config";
import type { StepChange } from "~/models/referral.server";
import {
  ChildLanguageSchema,
  ConsentSchema,
  DetailsSchema,
  FamilyLanguageSchema,
  FosterCareSchema,
  GestationalAgeSchema,
  InterpreterSchema,
  OTHER_MEDICAL_CONDITION,
  ProxySchema,
  ReasonsSchema,
  RelationshipSchema,
  screeningSchema,
  SexSchema,
} from "~/schemas/referral";
import { relationshipColumns } from "./relationship";

// What each wizard step saves: its schema and what the referral becomes from the checked answer.
// The step pages and PUT /api/referrals/{id} both save through these, so a step's rule lives here
// once. (The address step and the guardians and documents lists save through their own models.)

export interface StepSave<Schema extends z.ZodTypeAny> {
  schema: Schema;
  change: (value: z.output<Schema>) => StepChange;
}

const save = <Schema extends z.ZodTypeAny>(schema: Schema, change: (value: z.output<Schema>) => StepChange): StepSave<Schema> => ({ schema, change });

export const STEP_SAVES = {
  relationship: save(RelationshipSchema, (value) => ({
    columns: relationshipColumns(value),
    choices: [{ field: "referrerRelationship", type: "References", code: value.referrerRelationship }],
  })),
  proxy: save(ProxySchema, (value) => ({
    columns: {
      referrer_prefix: value.prefix || null,
      referrer_first_name: value.firstName,
      referrer_middle_name: value.middleName || null,
      referrer_last_name: value.lastName,
      referrer_suffix: value.suffix || null,
    },
    choices: [
      { field: "prefix", type: "Prefixes", code: value.prefix },
      { field: "suffix", type: "Suffixes", code: value.suffix },
    ],
    referrerPhone: value.phone,
  })),
  sex: save(SexSchema, (value) => ({
    columns: { gender: value.gender || null, is_hispanic_child: value.isHispanicChild ?? null },
    choices: [{ field: "gender", type: "Genders", code: value.gender }],
    races: value.races ?? [],
  })),
  childLanguage: save(ChildLanguageSchema, (value) => ({
    columns: { primary_language: value.primaryLanguage },
    choices: [{ field: "primaryLanguage", type: "Languages", code: value.primaryLanguage }],
  })),
  gestationalAge: save(GestationalAgeSchema, (value) => ({ columns: { gestational_age_in_days: value.gestationalAgeInDays } })),
  familyLanguage: save(FamilyLanguageSchema, (value) => ({
    columns: { family_primary_language: value.familyPrimaryLanguage },
    choices: [{ field: "familyPrimaryLanguage", type: "Languages", code: value.familyPrimaryLanguage }],
  })),
  interpreter: save(InterpreterSchema, (value) => ({ columns: { family_needs_interpreter: value.familyNeedsInterpreter } })),
  fosterCare: save(FosterCareSchema, (value) => ({ columns: { child_in_foster_care: value.childInFosterCare } })),
  reasons: save(ReasonsSchema, (value) => ({ reasons: { RefReasons_ConcernsDevelopmental: value.developmental ?? [] } })),
  details: save(DetailsSchema, (value) => ({ columns: { additional_details: value.additionalDetails?.trim() || null } })),
  documents: save(ConsentSchema, (value) => ({ columns: { child_parent_consent: Number(value.childParentConsent) } })),
};

/**
 * The screenings step: its date may not be after today (Maryland's) and is typed in the page
 * language's order, so its schema is made per request.
 */
export function screeningSave(today: string, language: Language) {
  return save(screeningSchema(today, language), (value) => ({
    columns: {
      other_medical_condition: value.conditions?.includes(OTHER_MEDICAL_CONDITION) ? value.otherMedicalCondition ?? null : null,
      failed_screening_date: value.failedScreeningDate ?? null,
    },
    reasons: { FailedScreenings: value.screenings ?? [], IdentifiedConditions: value.conditions ?? [] },
    requireAnyReason: "screenings",
  }));
}
