import { z } from "zod";
import type { Language } from "~/i18n/config";
import { followUps, type FollowUp } from "./relationship";
import { MARYLAND_ZIP } from "./address";
import { choice, optionalCode, optionalPhone, optionalText, requiredCode, requiredText, ticked, tooLong, typedDate } from "./fields";

// The wizard steps' rules, shared by the actions and the pages (Conform). Messages are keys in
// common:validation.

/** Each follow-up question's own message, shown when the relationship asks it and it is not answered. */
export const FOLLOW_UP_MESSAGES: Record<FollowUp, string> = {
  familyApproval: "validation.familyApproval",
  isAudiologistScreening: "validation.isAudiologistScreening",
  isHospitalBirth: "validation.isHospitalBirth",
  isCapta: "validation.isCapta",
  referralSourceOther: "validation.referralSourceOther",
};
const yesNo = (question: FollowUp) => choice(["yes", "no"], FOLLOW_UP_MESSAGES[question]).optional();

/** A rule between answers: where it fails and what it says (each written once, for the forms and the models). */
export interface AnswerIssue {
  path: string;
  message: string;
}

/** The follow-up questions the relationship asks must be answered (docs/product-rules.md R50). */
export function unansweredFollowUps(relationship: string | null | undefined, answer: (question: FollowUp) => unknown): FollowUp[] {
  return followUps(relationship).filter((question) => !answer(question));
}

/** Either a race and the Hispanic answer, or neither (docs/product-rules.md R53). */
export function raceHispanicIssue(hasRace: boolean, hispanic: string | null | undefined): AnswerIssue | null {
  if (hasRace && !hispanic) return { path: "isHispanicChild", message: "validation.hispanicWithRace" };
  if (!hasRace && hispanic) return { path: "races", message: "validation.raceWithHispanic" };
  return null;
}

/** Other medical condition needs its text (docs/product-rules.md R58). */
export function otherConditionIssue(conditions: readonly string[] | undefined, text: string | null | undefined): AnswerIssue | null {
  return conditions?.includes(OTHER_MEDICAL_CONDITION) && !text?.trim() ? { path: "otherMedicalCondition", message: "validation.otherConditionText" } : null;
}

export const RelationshipSchema = z
  .object({
    referrerRelationship: requiredCode("validation.referrerRelationship"),
    familyApproval: yesNo("familyApproval"),
    isAudiologistScreening: yesNo("isAudiologistScreening"),
    isHospitalBirth: yesNo("isHospitalBirth"),
    isCapta: yesNo("isCapta"),
    referralSourceOther: optionalText(100),
  })
  .superRefine((value, ctx) => {
    for (const question of unansweredFollowUps(value.referrerRelationship, (asked) => value[asked])) {
      ctx.addIssue({ code: "custom", path: [question], message: FOLLOW_UP_MESSAGES[question] });
    }
  });

export const ProxySchema = z.object({
  prefix: optionalCode,
  firstName: requiredText("validation.referrerFirstName"),
  middleName: optionalText(100),
  lastName: requiredText("validation.referrerLastName"),
  suffix: optionalCode,
  phone: optionalPhone,
});

/** Either a race and the Hispanic answer, or neither (docs/product-rules.md R53). */
export const SexSchema = z
  .object({
    gender: optionalCode,
    races: z.array(z.string().max(20, "validation.unknownChoice")).max(20, "validation.unknownChoice").optional(),
    isHispanicChild: choice(["yes", "no", "unknown"], "validation.unknownChoice").optional(),
  })
  .superRefine((value, ctx) => {
    const issue = raceHispanicIssue(Boolean(value.races?.length), value.isHispanicChild);
    if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });

export const ChildLanguageSchema = z.object({ primaryLanguage: requiredCode("validation.childLanguage") });

/** A parent or guardian (docs/product-rules.md R56); phones by type, each 3-3-4. */
export const GuardianSchema = z.object({
  prefix: optionalCode,
  firstName: requiredText("validation.guardianFirstName"),
  middleName: optionalText(100),
  lastName: requiredText("validation.guardianLastName"),
  suffix: optionalCode,
  childRelationship: requiredCode("validation.guardianRelationship"),
  preferredMethodOfContact: optionalCode,
  bestTimeToContact: optionalText(100),
  email: z.string().trim().max(254, tooLong(254)).email("validation.email").optional(),
  homePhoneNumber: optionalPhone,
  workPhoneNumber: optionalPhone,
  mobilePhoneNumber: optionalPhone,
});

const codes = z.array(z.string().max(20, "validation.unknownChoice")).max(30, "validation.unknownChoice").optional();
export const OTHER_MEDICAL_CONDITION = "99";

/** The first reasons screen: developmental concerns. */
export const ReasonsSchema = z.object({ developmental: codes });

/**
 * The second screen: failed screenings, identified conditions (Other medical condition needs its
 * text) and the screening date, which cannot be after today (Maryland's).
 */
export function screeningSchema(today: string, language: Language) {
  return z
    .object({
      screenings: codes,
      conditions: codes,
      otherMedicalCondition: optionalText(200),
      failedScreeningDate: typedDate(language)
        .refine((value) => value <= today, "validation.screeningDateFuture")
        .optional(),
    })
    .superRefine((value, ctx) => {
      const issue = otherConditionIssue(value.conditions, value.otherMedicalCondition);
      if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    });
}

/** The child's address (step 5): one of the book ("book-<id>"), or another one typed here. */
export const ChildAddressSchema = z
  .object({
    source: z.string({ required_error: "validation.addressSource" }).regex(/^(new|book-\d{1,10})$/, "validation.addressSource"),
    line1: optionalText(100),
    line2: optionalText(100),
    city: optionalText(60),
    zip: z.string().trim().optional(),
    county: optionalCode,
    nickname: optionalText(60),
    saveToBook: ticked,
  })
  .superRefine((value, ctx) => {
    if (value.source !== "new") return;
    // The same messages as the address book's form (AddressSchema).
    const messages = { line1: "validation.addressLine1", city: "validation.addressCity", county: "validation.addressCounty" } as const;
    for (const field of ["line1", "city", "county"] as const) {
      if (!value[field]) ctx.addIssue({ code: "custom", path: [field], message: messages[field] });
    }
    if (!value.zip) ctx.addIssue({ code: "custom", path: ["zip"], message: "validation.addressZip" });
    else if (!MARYLAND_ZIP.test(value.zip)) ctx.addIssue({ code: "custom", path: ["zip"], message: "validation.zipMaryland" });
  });

export const FamilyLanguageSchema = z.object({ familyPrimaryLanguage: requiredCode("validation.familyLanguage") });

export const InterpreterSchema = z.object({
  familyNeedsInterpreter: choice(["yes", "no"], "validation.interpreter"),
});

export const FosterCareSchema = z.object({
  childInFosterCare: choice(["yes", "no", "unknown"], "validation.fosterCare"),
});

/** The stored gestational age when "unknown" is ticked (docs/product-rules.md R54). */
export const GESTATION_UNKNOWN = -1;

/** Weeks × 7 + days, or GESTATION_UNKNOWN when the unknown box is ticked (which clears weeks and days). */
export const GestationalAgeSchema = z
  .object({
    unknown: ticked,
    weeks: z.coerce
      .number({ invalid_type_error: "validation.wholeNumber" })
      .int("validation.wholeNumber")
      .min(0, "validation.weeksRange")
      .max(45, "validation.weeksRange")
      .optional(),
    days: z.coerce
      .number({ invalid_type_error: "validation.wholeNumber" })
      .int("validation.wholeNumber")
      .min(0, "validation.daysRange")
      .max(6, "validation.daysRange")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.unknown && value.weeks === undefined) ctx.addIssue({ code: "custom", path: ["weeks"], message: "validation.weeksOrUnknown" });
  })
  .transform((value) => ({ gestationalAgeInDays: value.unknown ? GESTATION_UNKNOWN : (value.weeks ?? 0) * 7 + (value.days ?? 0) }));

export const DETAILS_MAX = 2000;

export const DetailsSchema = z.object({
  additionalDetails: z.string().max(DETAILS_MAX, "validation.detailsTooLong").optional(),
});

/** Shown again on the page: 276 days → 39 weeks and 3 days; unknown → the box ticked. */
export function gestationParts(days: number | null): { weeks: string; days: string; unknown: boolean } {
  if (days === null) return { weeks: "", days: "", unknown: false };
  if (days === GESTATION_UNKNOWN) return { weeks: "", days: "", unknown: true };
  return { weeks: String(Math.floor(days / 7)), days: String(days % 7), unknown: false };
}

/**
 * Has a parent or guardian consented to the referral (childParentConsent, docs/product-rules.md R62): yes, with a
 * signed consent form to attach; no; not yet known, which a referral without an answer shows. The
 * codes are what is stored and what the API and the form send.
 */
export const CONSENT = { yes: 1, no: 2, notYet: 3 } as const;
export type ConsentCode = (typeof CONSENT)[keyof typeof CONSENT];
const consentAnswer = <C extends ConsentCode>(code: C) => String(code) as `${C}`;
/** The form's choices, in the order shown. */
export const CONSENT_ANSWERS = [consentAnswer(CONSENT.yes), consentAnswer(CONSENT.no), consentAnswer(CONSENT.notYet)] as const;
export const DEFAULT_CONSENT = consentAnswer(CONSENT.notYet);
export const ConsentSchema = z.object({
  childParentConsent: choice(CONSENT_ANSWERS, "validation.consent"),
});

/** A supporting or consent document's description (the file is checked as it streams in). */
export const DocumentSchema = z.object({ description: requiredText("validation.documentDescription", 200) });
