import * as z from "zod/mini";
import type { ReferralFacts } from "~/models/completeness";
import type { LookupType } from "~/models/lookup.server";
import { CONSENT } from "~/schemas/consent";
import { followUps, type FollowUp } from "~/schemas/relationship";
import { present } from "./present";
import { WIZARD_STEPS } from "./step-table";

type StepKey = (typeof WIZARD_STEPS)[number]["key"];

// The table of a referral's answers (R48, R49, R68, R147, R148): where each is asked and kept, and whether a submit
// waits for it. Forms, saves, the missing list, progress, the review and the API all read it: say a rule only here.

/** Whether a submit waits for the answer: always, or when a condition on the referral holds. */
type Required = boolean | ((facts: ReferralFacts) => boolean);

export interface ReviewShown {
  /** referrals:review.fields.<label>; answers shown as one row (the referrer's name) share it. */
  label: string;
  /** The review shows the code's label from this lookup. */
  lookup?: LookupType;
  /** How the value reads; text by default. */
  as?: "text" | "yesNo" | "date" | "lines" | "gestation" | "consent";
  /** Shown only when given; otherwise the row says "Not answered". */
  whenGiven?: boolean;
}

export interface AnswerRow {
  step: StepKey;
  /** The API's `missing` group (R148: one answer an item). */
  missingSection: "referrer" | "child" | "family" | "reasons" | "consent" | "consentDocument";
  /** Its name in the models' and the API's answers, when it is one. */
  answer?: string;
  /** The field's id after the step's form id and a dash; none: the top of the step. */
  field?: string;
  /** The `referrals` column a plain text or code answer is kept in as it is. */
  column?: string;
  required: Required;
  /** The step's form and save also refuse it empty, with this common:validation message. */
  refusedEmpty?: string;
  /** What tells it is answered, when not the stored answer of the same name. */
  value?: (facts: ReferralFacts) => unknown;
  /** For a plain answer (with a `column`); the review writes the others itself. */
  review?: ReviewShown;
}

const asked = (question: FollowUp) => (facts: Pick<ReferralFacts, "referrerRelationship">) =>
  followUps(facts.referrerRelationship).includes(question);
const followUp = (question: FollowUp): AnswerRow => ({
  step: "relationship",
  missingSection: "referrer",
  answer: question,
  field: question,
  required: asked(question),
  refusedEmpty: `validation.${question}`,
  value: (facts) => facts.followUpAnswers[question],
});
const addressPart = (part: "line1" | "city" | "zip" | "county"): AnswerRow => ({
  step: "address",
  missingSection: "child",
  // A kept address missing a part names the part; no address at all is one missing answer.
  required: (facts) => facts.address !== null,
  value: (facts) => facts.address?.[part],
});

/** In the order the review lists what is missing; each labelled review.missing.<name>. */
export const ANSWERS = {
  referrerRelationship: {
    step: "relationship",
    missingSection: "referrer",
    answer: "referrerRelationship",
    field: "referrerRelationship",
    required: true,
    refusedEmpty: "validation.referrerRelationship",
  },
  familyApproval: followUp("familyApproval"),
  isAudiologistScreening: followUp("isAudiologistScreening"),
  isHospitalBirth: followUp("isHospitalBirth"),
  isCAPTA: followUp("isCAPTA"),
  referralSourceOther: followUp("referralSourceOther"),
  referrerPrefix: {
    step: "proxy",
    missingSection: "referrer",
    answer: "referrerPrefix",
    field: "referrerPrefix",
    column: "referrer_prefix",
    required: false,
    review: { label: "referrerName", lookup: "Prefixes" },
  },
  referrerFirstName: {
    step: "proxy",
    missingSection: "referrer",
    answer: "referrerFirstName",
    field: "referrerFirstName",
    column: "referrer_first_name",
    required: true,
    refusedEmpty: "validation.referrerFirstName",
    review: { label: "referrerName" },
  },
  referrerMiddleName: {
    step: "proxy",
    missingSection: "referrer",
    answer: "referrerMiddleName",
    field: "referrerMiddleName",
    column: "referrer_middle_name",
    required: false,
    review: { label: "referrerName" },
  },
  referrerLastName: {
    step: "proxy",
    missingSection: "referrer",
    answer: "referrerLastName",
    field: "referrerLastName",
    column: "referrer_last_name",
    required: true,
    refusedEmpty: "validation.referrerLastName",
    review: { label: "referrerName" },
  },
  referrerSuffix: {
    step: "proxy",
    missingSection: "referrer",
    answer: "referrerSuffix",
    field: "referrerSuffix",
    column: "referrer_suffix",
    required: false,
    review: { label: "referrerName", lookup: "Suffixes" },
  },
  referrerPhoneNumber: {
    step: "proxy",
    missingSection: "referrer",
    answer: "referrerPhoneNumber",
    field: "referrerPhoneNumber",
    required: false,
  },
  // The step may be saved without it (races first), but a submit waits for it.
  gender: {
    step: "sex",
    missingSection: "child",
    answer: "gender",
    field: "gender",
    column: "gender",
    required: true,
    review: { label: "sex", lookup: "Genders" },
  },
  races: { step: "sex", missingSection: "child", answer: "races", field: "races", required: false },
  isHispanicChild: {
    step: "sex",
    missingSection: "child",
    answer: "isHispanicChild",
    field: "isHispanicChild",
    column: "is_hispanic_child",
    required: false,
    review: { label: "hispanic", as: "yesNo" },
  },
  primaryLanguage: {
    step: "childLanguage",
    missingSection: "child",
    answer: "primaryLanguage",
    field: "primaryLanguage",
    column: "primary_language",
    required: true,
    refusedEmpty: "validation.childLanguage",
    review: { label: "language", lookup: "Languages" },
  },
  address: { step: "address", missingSection: "child", required: true },
  addressLine1: addressPart("line1"),
  addressCity: addressPart("city"),
  addressZip: addressPart("zip"),
  addressCounty: addressPart("county"),
  // Weeks and days or "unknown" (R54), its form's own rule.
  gestationalAge: {
    step: "gestationalAge",
    missingSection: "child",
    answer: "gestationalAgeInDays",
    field: "weeks",
    column: "gestational_age_in_days",
    required: true,
    refusedEmpty: "validation.weeksOrUnknown",
    value: (facts) => facts.gestationalAgeInDays,
    review: { label: "gestationalAge", as: "gestation" },
  },
  adults: {
    step: "guardians",
    missingSection: "family",
    required: true,
    value: (facts) => (facts.adults.length > 0 ? facts.adults.length : null),
  },
  familyPrimaryLanguage: {
    step: "familyLanguage",
    missingSection: "family",
    answer: "familyPrimaryLanguage",
    field: "familyPrimaryLanguage",
    column: "family_primary_language",
    required: true,
    refusedEmpty: "validation.familyLanguage",
    review: { label: "familyLanguage", lookup: "Languages" },
  },
  familyNeedsInterpreter: {
    step: "interpreter",
    missingSection: "family",
    answer: "familyNeedsInterpreter",
    field: "familyNeedsInterpreter",
    column: "family_needs_interpreter",
    required: true,
    refusedEmpty: "validation.interpreter",
    review: { label: "interpreter", as: "yesNo" },
  },
  childInFosterCare: {
    step: "fosterCare",
    missingSection: "family",
    answer: "childInFosterCare",
    field: "childInFosterCare",
    column: "child_in_foster_care",
    required: true,
    refusedEmpty: "validation.fosterCare",
    review: { label: "fosterCare", as: "yesNo" },
  },
  // R147: the review names each adult without a phone.
  adultPhones: {
    step: "guardians",
    missingSection: "family",
    required: (facts) => facts.adults.length > 0,
    value: (facts) => (facts.adults.length > 0 && facts.adults.every((adult) => adult.phones > 0) ? true : null),
  },
  developmentalConcerns: {
    step: "reasons",
    missingSection: "reasons",
    answer: "referralReasons.RefReasons_ConcernsDevelopmental",
    field: "developmental",
    required: false,
  },
  // At least one reason (R58); the screening step's save refuses to leave none.
  reasons: {
    step: "reasons",
    missingSection: "reasons",
    required: true,
    value: (facts) => (facts.reasons > 0 ? facts.reasons : null),
  },
  failedScreenings: {
    step: "screening",
    missingSection: "reasons",
    answer: "referralReasons.FailedScreenings",
    field: "screenings",
    required: false,
  },
  identifiedConditions: {
    step: "screening",
    missingSection: "reasons",
    answer: "referralReasons.IdentifiedConditions",
    field: "conditions",
    required: false,
  },
  otherMedicalCondition: {
    step: "screening",
    missingSection: "reasons",
    answer: "otherMedicalCondition",
    field: "otherMedicalCondition",
    column: "other_medical_condition",
    required: false,
    review: { label: "otherCondition", whenGiven: true },
  },
  failedScreeningDate: {
    step: "screening",
    missingSection: "reasons",
    answer: "failedScreeningDate",
    field: "failedScreeningDate",
    column: "failed_screening_date",
    required: false,
    review: { label: "screeningDate", as: "date" },
  },
  additionalDetails: {
    step: "details",
    missingSection: "reasons",
    answer: "additionalDetails",
    field: "additionalDetails",
    column: "additional_details",
    required: false,
    review: { label: "details", as: "lines" },
  },
  // "Not yet, or I don't know" is kept as an answer (R62), but a submit waits for a yes or a no (R68).
  consent: {
    step: "documents",
    missingSection: "consent",
    answer: "childParentConsent",
    field: "childParentConsent",
    column: "child_parent_consent",
    required: true,
    refusedEmpty: "validation.consent",
    review: { label: "consent", as: "consent" },
    value: (facts) =>
      facts.childParentConsent === CONSENT.yes || facts.childParentConsent === CONSENT.no
        ? facts.childParentConsent
        : null,
  },
  consentDocument: {
    step: "documents",
    missingSection: "consentDocument",
    field: "consent-heading",
    required: (facts) => facts.childParentConsent === CONSENT.yes,
    value: (facts) => (facts.consentDocuments > 0 ? facts.consentDocuments : null),
  },
  documents: {
    step: "documents",
    missingSection: "consentDocument",
    required: false,
    value: (facts) => (facts.documents ? facts.documents : null),
  },
} satisfies Record<string, AnswerRow>;

export type AnswerName = keyof typeof ANSWERS;

export const ANSWER_NAMES = Object.keys(ANSWERS) as AnswerName[];
const rowOf = (name: AnswerName): AnswerRow => ANSWERS[name];

export function isRequired(name: AnswerName, facts: ReferralFacts): boolean {
  const { required } = rowOf(name);
  return typeof required === "function" ? required(facts) : required;
}

export function isGiven(name: AnswerName, facts: ReferralFacts): boolean {
  const row = rowOf(name);
  return present(row.value ? row.value(facts) : (facts as unknown as Record<string, unknown>)[name]);
}

/** The step's key in kebab case; it prefixes its fields' ids. */
export const stepFormId = (step: StepKey) => step.replace(/[A-Z]/g, (letter: string) => `-${letter.toLowerCase()}`);

/** The step of an answer's question and its field's anchor (none: the top of the step). */
export function placeOf(name: AnswerName): { step: StepKey; anchor: string } {
  const row = rowOf(name);
  if (!row.field) return { step: row.step, anchor: "" };
  return {
    step: row.step,
    anchor: row.field.includes("-") ? `#${row.field}` : `#${stepFormId(row.step)}-${row.field}`,
  };
}

const SECTION_OF_STEP = new Map(WIZARD_STEPS.map((step) => [step.key, step.section]));
// The frame of every step asks it of each answer for each section's badge: a map, not a search of the steps.
export const sectionOf = (name: AnswerName) => SECTION_OF_STEP.get(rowOf(name).step)!;

/** What a step's form and save refuse empty (follow-ups only when the relationship asks them). */
export function refusedEmptyOn(step: StepKey, answers: { referrerRelationship?: string | null }) {
  return ANSWER_NAMES.map((name) => ({ name, row: rowOf(name) })).filter(
    ({ row }) =>
      row.step === step &&
      row.refusedEmpty &&
      (typeof row.required === "function" ? row.required(answers as ReferralFacts) : row.required),
  ) as Array<{ name: AnswerName; row: AnswerRow & { answer: string; field: string; refusedEmpty: string } }>;
}

/**
 * Ends a step's form schema, run despite other errors so every message shows at once (`withOtherErrors: false` for a
 * form whose answer is computed from its fields). `conditional`: whether the page sent asked the follow-ups (R150).
 */
export function answeredOn<T extends Record<string, unknown>>(
  step: StepKey,
  {
    conditional = () => true,
    withOtherErrors = true,
  }: { conditional?: (value: T) => boolean; withOtherErrors?: boolean } = {},
) {
  return z.check<T>(
    (payload) => {
      const value = (payload.value ?? {}) as T;
      for (const { row } of refusedEmptyOn(step, value as { referrerRelationship?: string | null })) {
        if (typeof row.required === "function" && !conditional(value)) continue;
        if (!present(value[row.answer]))
          payload.issues.push({ code: "custom", path: [row.field], message: row.refusedEmpty, input: value });
      }
    },
    withOtherErrors ? { when: () => true } : undefined,
  );
}
