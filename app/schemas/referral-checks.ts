import type { Language } from "~/i18n/config";
import { MARYLAND_ZIP } from "./address-checks";
import {
  choice,
  codes,
  formCheck,
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
  type Rule,
  type Values,
} from "./checks";
import { followUps, type FollowUp } from "./relationship";

// The wizard's rules without zod: the answers' constants, the rules between answers, and each step's
// check in the browser. app/schemas/referral.server.ts builds the actions' schemas over the same (see checks.ts).

/** Each follow-up question's own message, shown when the relationship asks it and it is not answered. */
export const FOLLOW_UP_MESSAGES: Record<FollowUp, string> = {
  familyApproval: "validation.familyApproval",
  isAudiologistScreening: "validation.isAudiologistScreening",
  isHospitalBirth: "validation.isHospitalBirth",
  isCapta: "validation.isCapta",
  referralSourceOther: "validation.referralSourceOther",
};

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

export const OTHER_MEDICAL_CONDITION = "99";

/** Other medical condition needs its text (docs/product-rules.md R58). */
export function otherConditionIssue(conditions: readonly string[] | undefined, text: string | null | undefined): AnswerIssue | null {
  return conditions?.includes(OTHER_MEDICAL_CONDITION) && !text?.trim() ? { path: "otherMedicalCondition", message: "validation.otherConditionText" } : null;
}

/** The stored gestational age when "unknown" is ticked (docs/product-rules.md R54). */
export const GESTATION_UNKNOWN = -1;

/** Shown again on the page: 276 days → 39 weeks and 3 days; unknown → the box ticked. */
export function gestationParts(days: number | null): { weeks: string; days: string; unknown: boolean } {
  if (days === null) return { weeks: "", days: "", unknown: false };
  if (days === GESTATION_UNKNOWN) return { weeks: "", days: "", unknown: true };
  return { weeks: String(Math.floor(days / 7)), days: String(days % 7), unknown: false };
}

export const DETAILS_MAX = 2000;

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

/** The texts sent under one name (ticked boxes). */
const listOf = (value: unknown): string[] =>
  (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]).filter((one) => typeof one === "string");
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

const yesNo = (question: FollowUp) => choice(["yes", "no"], FOLLOW_UP_MESSAGES[question], { optional: true });

/** The person's own name, as every name of the wizard asks it: `message` names whose it is. */
const name = (first: string, last: string): Record<string, Rule> => ({
  prefix: optionalCode,
  firstName: requiredText(first),
  middleName: optionalText(100),
  lastName: requiredText(last),
  suffix: optionalCode,
});

export const relationshipCheck = formCheck(
  {
    referrerRelationship: requiredCode("validation.referrerRelationship"),
    familyApproval: yesNo("familyApproval"),
    isAudiologistScreening: yesNo("isAudiologistScreening"),
    isHospitalBirth: yesNo("isHospitalBirth"),
    isCapta: yesNo("isCapta"),
    referralSourceOther: optionalText(100),
  },
  (values: Values) =>
    unansweredFollowUps(text(values.referrerRelationship)?.trim(), (asked) => text(values[asked])?.trim()).map((question) => ({
      path: question,
      message: FOLLOW_UP_MESSAGES[question],
    })),
);

export const proxyCheck = formCheck({ ...name("validation.referrerFirstName", "validation.referrerLastName"), phone: optionalPhone });

export const sexCheck = formCheck(
  {
    gender: optionalCode,
    races: codes(20),
    isHispanicChild: choice(["yes", "no", "unknown"], "validation.unknownChoice", { optional: true }),
  },
  (values) => [raceHispanicIssue(listOf(values.races).length > 0, text(values.isHispanicChild) || undefined)],
);

export const childLanguageCheck = formCheck({ primaryLanguage: requiredCode("validation.childLanguage") });

/** A parent or guardian (docs/product-rules.md R56). */
export const guardianCheck = formCheck({
  ...name("validation.guardianFirstName", "validation.guardianLastName"),
  childRelationship: requiredCode("validation.guardianRelationship"),
  preferredMethodOfContact: optionalCode,
  bestTimeToContact: optionalText(100),
  email: optionalEmail,
  homePhoneNumber: optionalPhone,
  workPhoneNumber: optionalPhone,
  mobilePhoneNumber: optionalPhone,
});

export const reasonsCheck = formCheck({ developmental: codes() });

/** The second reasons screen: Other medical condition needs its text; the screening date is not after today (Maryland's). */
export const screeningCheck = (today: string, language: Language) =>
  formCheck(
    {
      screenings: codes(),
      conditions: codes(),
      otherMedicalCondition: optionalText(200),
      failedScreeningDate: pastDate(today, language, "validation.screeningDateFuture"),
    },
    (values) => [otherConditionIssue(listOf(values.conditions), text(values.otherMedicalCondition))],
  );

/** The child's address (step 5): one of the book ("book-<id>"), or another one typed here, with the address book's messages. */
export const childAddressCheck = formCheck(
  {
    source: (value) => {
      const source = text(value) || undefined;
      if (source === undefined) return { messages: ["validation.addressSource"], fatal: true };
      return /^(new|book-\d{1,10})$/.test(source) ? null : { messages: ["validation.addressSource"] };
    },
    line1: optionalText(100),
    line2: optionalText(100),
    city: optionalText(60),
    county: optionalCode,
    nickname: optionalText(60),
    saveToBook: ticked,
  },
  (values) => {
    if (values.source !== "new") return [];
    const missing = (field: string) => !text(values[field])?.trim();
    const zip = text(values.zip)?.trim();
    return [
      missing("line1") ? { path: "line1", message: "validation.addressLine1" } : null,
      missing("city") ? { path: "city", message: "validation.addressCity" } : null,
      missing("county") ? { path: "county", message: "validation.addressCounty" } : null,
      !zip ? { path: "zip", message: "validation.addressZip" } : MARYLAND_ZIP.test(zip) ? null : { path: "zip", message: "validation.zipMaryland" },
    ];
  },
);

export const familyLanguageCheck = formCheck({ familyPrimaryLanguage: requiredCode("validation.familyLanguage") });

export const interpreterCheck = formCheck({ familyNeedsInterpreter: choice(["yes", "no"], "validation.interpreter") });

export const fosterCareCheck = formCheck({ childInFosterCare: choice(["yes", "no", "unknown"], "validation.fosterCare") });

/** Weeks 0–45 and days 0–6, or unknown (docs/product-rules.md R54). */
export const gestationalAgeCheck = formCheck(
  { unknown: ticked, weeks: wholeNumber(0, 45, "validation.weeksRange"), days: wholeNumber(0, 6, "validation.daysRange") },
  (values) => [!values.unknown && (values.weeks === undefined || values.weeks === "") ? { path: "weeks", message: "validation.weeksOrUnknown" } : null],
);

export const detailsCheck = formCheck({
  additionalDetails: (value) => (typeof value === "string" && value.length > DETAILS_MAX ? { messages: ["validation.detailsTooLong"] } : null),
});

export const consentCheck = formCheck({ childParentConsent: choice(CONSENT_ANSWERS, "validation.consent") });

/** A supporting or consent document's description (the file is checked as it streams in). */
const description = requiredText("validation.documentDescription", 200);
export const documentCheck = formCheck({ description });

/** With JavaScript, a new document's file must be chosen before sending; the server checks it again. */
export const uploadCheck = formCheck({
  description,
  file: (value) => (typeof File !== "undefined" && value instanceof File && value.size > 0 ? null : { messages: ["validation.fileRequired"] }),
});
