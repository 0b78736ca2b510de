import * as z from "zod/mini";
import type { Language } from "~/i18n/config";
import { AddressSchema } from "./address";
import {
  across,
  choice,
  codes,
  optionalCode,
  optionalEmail,
  optionalPhone,
  optionalText,
  pastDate,
  requiredCode,
  requiredText,
  ticked,
  wholeNumber,
  type AnswerIssue,
} from "./fields";
import { OTHER_MEDICAL_CONDITION } from "~/utils/lookup-codes";
import type { FollowUp } from "./relationship";
import { CONSENT_ANSWERS } from "./consent";
import { answeredOn } from "~/wizard/answers";
import { GESTATION_UNKNOWN } from "./gestation";

export { CONSENT, CONSENT_ANSWERS, DEFAULT_CONSENT, type ConsentCode } from "./consent";
export { GESTATION_UNKNOWN, gestationParts } from "./gestation";

// The wizard steps' forms. The same rules between answers hold for the stored referral (app/schemas/answers.server.ts).

/** Either a race and the Hispanic answer, or neither (R53). */
export function raceHispanicIssue(hasRace: boolean, hispanic: string | null | undefined): AnswerIssue | null {
  if (hasRace && !hispanic) return { path: "isHispanicChild", message: "validation.hispanicWithRace" };
  if (!hasRace && hispanic) return { path: "races", message: "validation.raceWithHispanic" };
  return null;
}

/** Other medical condition needs its text (R58). */
export function otherConditionIssue(
  conditions: readonly string[] | undefined,
  text: string | null | undefined,
): AnswerIssue | null {
  return conditions?.includes(OTHER_MEDICAL_CONDITION) && !text?.trim()
    ? { path: "otherMedicalCondition", message: "validation.otherConditionText" }
    : null;
}

export const DETAILS_MAX = 2000;

/** The person's own name, as every name of the wizard asks it: the messages name whose it is. */
const name = (first: string, last: string) => ({
  prefix: optionalCode,
  firstName: requiredText(first),
  middleName: optionalText(100),
  lastName: requiredText(last),
  suffix: optionalCode,
});

/** A follow-up question's answer: its own message for anything but yes or no (its message when empty: the table). */
const yesNo = (question: FollowUp) => z.optional(choice(["yes", "no"], `validation.${question}`));

/**
 * The relationship step (R50, R150). `askedFor`: the relationship whose follow-up questions were shown; they are
 * required only if it matches the one sent, else shown once the relationship is kept.
 */
export const RelationshipSchema = z
  .object({
    referrerRelationship: optionalCode,
    askedFor: optionalCode,
    familyApproval: yesNo("familyApproval"),
    isAudiologistScreening: yesNo("isAudiologistScreening"),
    isHospitalBirth: yesNo("isHospitalBirth"),
    isCAPTA: yesNo("isCAPTA"),
    referralSourceOther: optionalText(100),
  })
  .check(
    answeredOn("relationship", {
      conditional: (value) => (value.askedFor ?? "") === (value.referrerRelationship ?? ""),
    }),
  );

/** The referrer, when the person refers for someone else: the names are the answers' (and the API's). */
export const ProxySchema = z
  .object({
    referrerPrefix: optionalCode,
    referrerFirstName: optionalText(100),
    referrerMiddleName: optionalText(100),
    referrerLastName: optionalText(100),
    referrerSuffix: optionalCode,
    referrerPhoneNumber: optionalPhone,
  })
  .check(answeredOn("proxy"));

/** Either a race and the Hispanic answer, or neither (R53). */
export const SexSchema = z
  .object({
    gender: optionalCode,
    races: codes(20),
    isHispanicChild: z.optional(choice(["yes", "no", "unknown"], "validation.unknownChoice")),
  })
  .check(
    across((value: { races?: string[]; isHispanicChild?: string }) => [
      raceHispanicIssue(Boolean(value.races?.length), value.isHispanicChild),
    ]),
  );

export const ChildLanguageSchema = z.object({ primaryLanguage: optionalCode }).check(answeredOn("childLanguage"));

export const GUARDIAN_PHONES = ["homePhoneNumber", "workPhoneNumber", "mobilePhoneNumber"] as const;

/** A phone per parent or guardian (R147); the message is on `phones`, shown by the phones' fieldset. */
export function guardianPhoneIssue(
  value: Partial<Record<(typeof GUARDIAN_PHONES)[number], unknown>>,
): AnswerIssue | null {
  return GUARDIAN_PHONES.some((phone) => value[phone]) ? null : { path: "phones", message: "validation.guardianPhone" };
}

/** A parent or guardian (R56); phones by type, each 3-3-4, at least one of them (R147). */
export const GuardianSchema = z
  .object({
    ...name("validation.guardianFirstName", "validation.guardianLastName"),
    childRelationship: requiredCode("validation.guardianRelationship"),
    preferredMethodOfContact: optionalCode,
    bestTimeToContact: optionalText(100),
    email: optionalEmail,
    homePhoneNumber: optionalPhone,
    workPhoneNumber: optionalPhone,
    mobilePhoneNumber: optionalPhone,
  })
  // Said with the other fields' messages, not only once they are right: the check runs whatever else is refused.
  .check(
    z.refine((value: Partial<Record<(typeof GUARDIAN_PHONES)[number], unknown>>) => !guardianPhoneIssue(value ?? {}), {
      message: "validation.guardianPhone",
      path: ["phones"],
      when: () => true,
    }),
  );

/** The first reasons screen: developmental concerns. */
export const ReasonsSchema = z.object({ developmental: codes() });

/** "Other medical condition" needs its text; the screening date cannot be after Maryland's today. */
export const screeningSchema = (today: string, language: Language) =>
  z
    .object({
      screenings: codes(),
      conditions: codes(),
      otherMedicalCondition: optionalText(200),
      failedScreeningDate: pastDate(today, language, "validation.screeningDateFuture"),
    })
    .check(
      across((value: { conditions?: string[]; otherMedicalCondition?: string }) => [
        otherConditionIssue(value.conditions, value.otherMedicalCondition),
      ]),
    );

/** The child's address (step 5): a book one ("book-<id>") or one typed here, under the book's rules. */
export const ChildAddressSchema = z
  .object({
    source: z.string("validation.addressSource").check(z.regex(/^(new|book-\d{1,10})$/, "validation.addressSource")),
    line1: optionalText(100),
    line2: optionalText(100),
    city: optionalText(60),
    zip: z.optional(z.string().check(z.trim())),
    county: optionalCode,
    nickname: optionalText(60),
    saveToBook: ticked,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.source !== "new") return;
      const typed = z.safeParse(AddressSchema, value);
      for (const issue of typed.error?.issues ?? [])
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message, input: value });
    }),
  );

export const FamilyLanguageSchema = z
  .object({ familyPrimaryLanguage: optionalCode })
  .check(answeredOn("familyLanguage"));

export const InterpreterSchema = z
  .object({ familyNeedsInterpreter: z.optional(choice(["yes", "no"], "validation.interpreter")) })
  .check(answeredOn("interpreter"));

export const FosterCareSchema = z
  .object({ childInFosterCare: z.optional(choice(["yes", "no", "unknown"], "validation.fosterCare")) })
  .check(answeredOn("fosterCare"));

/** Weeks 0–45 and days 0–6, or unknown (R54): weeks × 7 + days, or GESTATION_UNKNOWN (which clears weeks and days). */
export const GestationalAgeSchema = z
  .pipe(
    z.object({
      unknown: ticked,
      weeks: z.optional(wholeNumber(0, 45, "validation.weeksRange")),
      days: z.optional(wholeNumber(0, 6, "validation.daysRange")),
    }),
    z.transform((value: { unknown?: "on"; weeks?: number; days?: number }) => ({
      gestationalAgeInDays: value.unknown
        ? GESTATION_UNKNOWN
        : value.weeks === undefined
          ? null
          : value.weeks * 7 + (value.days ?? 0),
    })),
  )
  .check(answeredOn("gestationalAge", { withOtherErrors: false }));

export const DetailsSchema = z.object({
  additionalDetails: z.optional(z.string().check(z.maxLength(DETAILS_MAX, "validation.detailsTooLong"))),
});

export const ConsentSchema = z
  .object({ childParentConsent: z.optional(choice(CONSENT_ANSWERS, "validation.consent")) })
  .check(answeredOn("documents"));

/** A supporting or consent document's description (the file is checked as it streams in). */
const description = requiredText("validation.documentDescription", 200);
export const DocumentSchema = z.object({ description });

/** With JavaScript the file must be chosen before sending; the server checks it again as it streams. */
export const UploadSchema = z.object({
  description,
  file: z.custom<File>(
    (value) => typeof File !== "undefined" && value instanceof File && value.size > 0,
    "validation.fileRequired",
  ),
});
