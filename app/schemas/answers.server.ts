import { z } from "zod";
import { optionalCode, requiredCode, requiredText, tooLong } from "./fields";
import { CONSENT, DETAILS_MAX, FOLLOW_UP_MESSAGES, GESTATION_UNKNOWN, otherConditionIssue, raceHispanicIssue, unansweredFollowUps } from "./referral";

// A referral's answers as the models take them: typed, in the names the JSON API shows, never
// the table's columns. The wizard's steps read their forms into these (each step's action, app/wizard/steps/);
// the API's PUT sends them as they are. The rules of each group of answers (one wizard step's
// questions, docs/product-rules.md R50–R62) are checked by saveAnswers on what is stored with the
// new answers over it, so both doors get them from here. The forms' field rules (app/schemas/fields.ts) are
// zod/mini schemas: they are composed here with zod's functions (z.nullable, z.safeParse), not their methods.

const yesNo = z.enum(["yes", "no"]);
const yesNoUnknown = z.enum(["yes", "no", "unknown"]);
const codeList = z.array(z.string().max(20, "validation.unknownChoice")).max(30, "validation.unknownChoice");
const text = (max: 100 | 200) => z.string().trim().max(max, tooLong(max)).nullable();

export const PhoneAnswer = z
  .object({
    areaCode: z.string().regex(/^\d{3}$/, "validation.phoneLength"),
    prefix: z.string().regex(/^\d{3}$/, "validation.phoneLength"),
    suffix: z.string().regex(/^\d{4}$/, "validation.phoneLength"),
  })
  .strict();

export const ReasonAnswers = z
  .object({ RefReasons_ConcernsDevelopmental: codeList, FailedScreenings: codeList, IdentifiedConditions: codeList })
  .partial()
  .strict();

/** Every answer a referral takes; any may be left out (it is then not changed). */
export const ReferralAnswersShape = z.object({
  referrerRelationship: z.nullable(optionalCode),
  referralSourceOther: text(100).optional(),
  familyApproval: yesNo.nullable().optional(),
  isAudiologistScreening: yesNo.nullable().optional(),
  isHospitalBirth: yesNo.nullable().optional(),
  isCAPTA: yesNo.nullable().optional(),
  referrerPrefix: z.nullable(optionalCode),
  referrerFirstName: text(100).optional(),
  referrerMiddleName: text(100).optional(),
  referrerLastName: text(100).optional(),
  referrerSuffix: z.nullable(optionalCode),
  referrerPhoneNumber: PhoneAnswer.nullable().optional(),
  gender: z.nullable(optionalCode),
  races: codeList.optional(),
  isHispanicChild: yesNoUnknown.nullable().optional(),
  primaryLanguage: z.nullable(optionalCode),
  gestationalAgeInDays: z.number().int("validation.wholeNumber").nullable().optional(),
  familyPrimaryLanguage: z.nullable(optionalCode),
  familyNeedsInterpreter: yesNo.nullable().optional(),
  childInFosterCare: yesNoUnknown.nullable().optional(),
  referralReasons: ReasonAnswers.optional(),
  otherMedicalCondition: text(200).optional(),
  /** YYYY-MM-DD. */
  failedScreeningDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.typedDate")
    .nullable()
    .optional(),
  additionalDetails: z.string().max(DETAILS_MAX, "validation.detailsTooLong").nullable().optional(),
  childParentConsent: z.literal([CONSENT.yes, CONSENT.no, CONSENT.notYet], { error: "validation.consent" }).optional(),
});
export type ReferralAnswers = z.infer<typeof ReferralAnswersShape>;

/** All of a referral's answers, as stored (what a change is laid over). */
export type StoredAnswers = Required<Omit<ReferralAnswers, "referralReasons">> & { referralReasons: Required<z.infer<typeof ReasonAnswers>> };

/** An answer that must be given (else `message`), then checked by `schema` (classic or zod/mini), whose first message is said. */
const required = (schema: z.core.$ZodType, message: string) =>
  z.unknown().superRefine((value, ctx) => {
    if (value === null || value === undefined || value === "") ctx.addIssue({ code: "custom", message });
    else {
      const parsed = z.safeParse(schema, value);
      if (!parsed.success) ctx.addIssue({ code: "custom", message: parsed.error.issues[0].message });
    }
  });

let madeFor: { today: string; groups: ReturnType<typeof makeAnswerGroups> } | undefined;

/**
 * The groups of answers, each checked whole when any of its answers changes: the wizard step
 * that asks them, its required answers and the rules between them. `today` is Maryland's date.
 * Made once a day, not on every save (their rules depend on nothing else).
 */
export function answerGroups(today: string) {
  if (madeFor?.today !== today) madeFor = { today, groups: makeAnswerGroups(today) };
  return madeFor.groups;
}

function makeAnswerGroups(today: string) {
  return {
    relationship: {
      fields: ["referrerRelationship", "referralSourceOther", "familyApproval", "isAudiologistScreening", "isHospitalBirth", "isCAPTA"],
      rule: z
        .object({ referrerRelationship: required(requiredCode("validation.referrerRelationship"), "validation.referrerRelationship") })
        .loose()
        .superRefine((value, ctx) => {
          const answers = value as StoredAnswers;
          for (const question of unansweredFollowUps(answers.referrerRelationship, (asked) => answers[asked])) {
            ctx.addIssue({ code: "custom", path: [question], message: FOLLOW_UP_MESSAGES[question] });
          }
        }),
    },
    referrer: {
      fields: ["referrerPrefix", "referrerFirstName", "referrerMiddleName", "referrerLastName", "referrerSuffix", "referrerPhoneNumber"],
      rule: z
        .object({
          referrerFirstName: required(requiredText("validation.referrerFirstName"), "validation.referrerFirstName"),
          referrerLastName: required(requiredText("validation.referrerLastName"), "validation.referrerLastName"),
        })
        .loose(),
    },
    sex: {
      fields: ["gender", "races", "isHispanicChild"],
      rule: z.object({ races: z.array(z.string()), isHispanicChild: yesNoUnknown.nullable() }).superRefine((value, ctx) => {
        const issue = raceHispanicIssue(value.races.length > 0, value.isHispanicChild);
        if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      }),
    },
    childLanguage: { fields: ["primaryLanguage"], rule: z.object({ primaryLanguage: required(z.string(), "validation.childLanguage") }).loose() },
    gestationalAge: {
      fields: ["gestationalAgeInDays"],
      // Weeks 0–45 and days 0–6, or unknown (docs/product-rules.md R54).
      rule: z
        .object({
          gestationalAgeInDays: required(
            z.number().refine((days) => days === GESTATION_UNKNOWN || (days >= 0 && days <= 45 * 7 + 6), "validation.weeksRange"),
            "validation.weeksOrUnknown",
          ),
        })
        .loose(),
    },
    familyLanguage: {
      fields: ["familyPrimaryLanguage"],
      rule: z.object({ familyPrimaryLanguage: required(z.string(), "validation.familyLanguage") }).loose(),
    },
    interpreter: { fields: ["familyNeedsInterpreter"], rule: z.object({ familyNeedsInterpreter: required(yesNo, "validation.interpreter") }).loose() },
    fosterCare: { fields: ["childInFosterCare"], rule: z.object({ childInFosterCare: required(yesNoUnknown, "validation.fosterCare") }).loose() },
    reasons: { fields: ["referralReasons.RefReasons_ConcernsDevelopmental"], rule: z.looseObject({}) },
    screening: {
      fields: ["referralReasons.FailedScreenings", "referralReasons.IdentifiedConditions", "otherMedicalCondition", "failedScreeningDate"],
      rule: z
        .object({
          failedScreeningDate: z
            .string()
            .nullable()
            .refine((date) => date === null || date <= today, "validation.screeningDateFuture"),
        })
        .loose()
        .superRefine((value, ctx) => {
          const answers = value as StoredAnswers;
          const issue = otherConditionIssue(answers.referralReasons.IdentifiedConditions, answers.otherMedicalCondition);
          if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
        }),
    },
    details: { fields: ["additionalDetails"], rule: z.looseObject({}) },
    consent: { fields: ["childParentConsent"], rule: z.object({ childParentConsent: required(z.number(), "validation.consent") }).loose() },
  } satisfies Record<string, { fields: string[]; rule: z.ZodType }>;
}
export type AnswerGroup = keyof ReturnType<typeof answerGroups>;

/** The answers' names given in a change ("referralReasons.FailedScreenings" for a reason type). */
export function namedAnswers(answers: ReferralAnswers): Set<string> {
  const names = new Set(
    Object.entries(answers)
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name),
  );
  for (const [type, codes] of Object.entries(answers.referralReasons ?? {})) if (codes !== undefined) names.add(`referralReasons.${type}`);
  return names;
}
