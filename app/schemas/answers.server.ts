import { z } from "zod";
import { optionalCode, tooLong } from "./fields";
import { ANSWER_NAMES, ANSWERS, refusedEmptyOn, type AnswerRow } from "~/wizard/answers";
import { present } from "~/wizard/present";
import { CONSENT, DETAILS_MAX, GESTATION_UNKNOWN, otherConditionIssue, raceHispanicIssue } from "./referral";

// A referral's answers as the models take them, in the API's names. Group rules (R50-R62) are checked by saveAnswers
// on stored-plus-new answers, so wizard and API share them. zod/mini: compose with functions (z.nullable), not methods.

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
export type StoredAnswers = Required<Omit<ReferralAnswers, "referralReasons">> & {
  referralReasons: Required<z.infer<typeof ReasonAnswers>>;
};

let madeFor: { today: string; groups: ReturnType<typeof makeAnswerGroups> } | undefined;

/**
 * The answer groups, one per step (app/wizard/answers.ts), each checked whole when any answer changes. `today`:
 * Maryland's; made once a day.
 */
export function answerGroups(today: string) {
  if (madeFor?.today !== today) madeFor = { today, groups: makeAnswerGroups(today) };
  return madeFor.groups;
}

/** The rules between a step's answers, as stored with a change over them; a step without one has none. */
function crossRules(today: string): Partial<Record<AnswerRow["step"], z.ZodType>> {
  return {
    sex: z
      .object({ races: z.array(z.string()), isHispanicChild: yesNoUnknown.nullable() })
      .superRefine((value, ctx) => {
        const issue = raceHispanicIssue(value.races.length > 0, value.isHispanicChild);
        if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      }),
    // Weeks 0–45 and days 0–6, or unknown (R54).
    gestationalAge: z
      .object({
        gestationalAgeInDays: z
          .number()
          .refine((days) => days === GESTATION_UNKNOWN || (days >= 0 && days <= 45 * 7 + 6), "validation.weeksRange")
          .nullable(),
      })
      .loose(),
    screening: z
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
  };
}

function makeAnswerGroups(today: string) {
  const rules = crossRules(today);
  const groups = new Map<AnswerRow["step"], { fields: string[]; rule?: z.ZodType }>();
  for (const name of ANSWER_NAMES) {
    const row: AnswerRow = ANSWERS[name];
    if (!row.answer) continue;
    const group = groups.get(row.step) ?? { fields: [] as string[], rule: rules[row.step as AnswerRow["step"]] };
    group.fields.push(row.answer);
    groups.set(row.step, group);
  }
  return groups;
}

/** The answers a step refuses empty, as stored with a change over them: each answer's message, by its name. */
export function answeredOnSave(step: AnswerRow["step"], answers: StoredAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { row } of refusedEmptyOn(step, answers))
    if (!present((answers as Record<string, unknown>)[row.answer])) errors[row.answer] = row.refusedEmpty;
  return errors;
}

/** The answers' names given in a change ("referralReasons.FailedScreenings" for a reason type). */
export function namedAnswers(answers: ReferralAnswers): Set<string> {
  const names = new Set(
    Object.entries(answers)
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name),
  );
  for (const [type, codes] of Object.entries(answers.referralReasons ?? {}))
    if (codes !== undefined) names.add(`referralReasons.${type}`);
  return names;
}
