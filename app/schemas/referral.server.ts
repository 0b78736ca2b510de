import { z } from "zod";
import type { Language } from "~/i18n/config";
import type { FollowUp } from "./relationship";
import { MARYLAND_ZIP } from "./address-checks";
import { tooLong } from "./checks";
import { choice, optionalCode, optionalPhone, optionalText, requiredCode, requiredText, ticked, typedDate } from "./fields.server";
import {
  CONSENT_ANSWERS,
  DETAILS_MAX,
  FOLLOW_UP_MESSAGES,
  GESTATION_UNKNOWN,
  otherConditionIssue,
  raceHispanicIssue,
  unansweredFollowUps,
} from "./referral-checks";

// The wizard steps' schemas, which the actions parse with (the browser checks the same with
// referral-checks.ts, whose constants and rules between answers these use). Messages are keys in
// common:validation.

const yesNo = (question: FollowUp) => choice(["yes", "no"], FOLLOW_UP_MESSAGES[question]).optional();

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

export const DetailsSchema = z.object({
  additionalDetails: z.string().max(DETAILS_MAX, "validation.detailsTooLong").optional(),
});

export const ConsentSchema = z.object({
  childParentConsent: choice(CONSENT_ANSWERS, "validation.consent"),
});

/** A supporting or consent document's description (the file is checked as it streams in). */
export const DocumentSchema = z.object({ description: requiredText("validation.documentDescription", 200) });
