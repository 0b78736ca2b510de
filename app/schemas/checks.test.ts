import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as accountChecks from "./account-checks";
import * as account from "./account.server";
import { addressCheck } from "./address-checks";
import { AddressSchema } from "./address.server";
import { apiKeyCheck, reviewLinkCheck, statusChangeCheck } from "./admin-checks";
import { ApiKeySchema, ReviewLinkSchema, StatusChangeSchema } from "./admin.server";
import type { FormCheck } from "./checks";
import { childNameCheck, preVerifyCheck } from "./child-checks";
import { ChildNameSchema, preVerifySchema } from "./child.server";
import * as referralChecks from "./referral-checks";
import * as referral from "./referral.server";
import { referralReportCheck, userReportCheck } from "./report-checks";
import { recoveryCodeCheck, secondFactorCodeCheck } from "./second-factor-checks";
import { RecoveryCodeSchema, SecondFactorCodeSchema } from "./second-factor.server";
import { referralReportSchema, userReportSchema } from "./report.server";

// The browser checks each form with its *-checks.ts check, the action with its zod schema: for every
// answer below, in every field of every form (the others answered well), and for the answers that bring
// out the rules between fields, both must say the same, field by field. (Hidden fields the browser
// leaves to the server are not typed here.)

const TODAY = "2026-11-21";

type Answers = Record<string, string | string[]>;

interface Form {
  name: string;
  schema: z.ZodTypeAny;
  check: FormCheck;
  /** Answers that pass. */
  good: Answers;
  /** Answers that bring out the rules between fields. */
  across?: Answers[];
}

const person = {
  firstName: "Ana",
  lastName: "Pérez",
  reference: "1",
  email: "ana@example.org",
  primaryLanguage: "sp",
};

const FORMS: Form[] = [
  { name: "sign in", schema: account.SignInSchema, check: accountChecks.signInCheck, good: { email: "ana@example.org", password: "x" } },
  { name: "second factor's code", schema: SecondFactorCodeSchema, check: secondFactorCodeCheck, good: { code: "123 456" } },
  { name: "recovery code", schema: RecoveryCodeSchema, check: recoveryCodeCheck, good: { recoveryCode: "abcde-fghjk" } },
  {
    name: "registration",
    schema: account.RegistrationSchema,
    check: accountChecks.registrationCheck,
    good: { ...person, password: "a long one 12", securityQuestion1: "1", securityAnswer1: "Blue", securityQuestion2: "2", securityAnswer2: "Rex" },
    across: [{ securityQuestion2: "1" }, { securityQuestion2: " 1 " }],
  },
  {
    name: "profile",
    schema: account.ProfileSchema,
    check: accountChecks.profileCheck,
    good: { ...person, securityQuestion1: "1", securityQuestion2: "2" },
    across: [{ securityQuestion2: "1" }],
  },
  { name: "forgot password", schema: account.ForgotPasswordSchema, check: accountChecks.forgotPasswordCheck, good: { email: "ana@example.org" } },
  { name: "resend verification", schema: account.ResendVerificationSchema, check: accountChecks.resendVerificationCheck, good: { email: "ana@example.org" } },
  {
    name: "security answers",
    schema: account.SecurityAnswersSchema,
    check: accountChecks.securityAnswersCheck,
    good: { token: "t", securityAnswer1: "Blue", securityAnswer2: "Rex" },
  },
  {
    name: "reset password",
    schema: account.ResetPasswordSchema,
    check: accountChecks.resetPasswordCheck,
    good: { token: "t", plainPassword: "a long one 12" },
  },
  { name: "address", schema: AddressSchema, check: addressCheck, good: { line1: "1 Main St", city: "Annapolis", zip: "21401", county: "2" } },
  {
    name: "pre-verification",
    schema: preVerifySchema(TODAY),
    check: preVerifyCheck(TODAY),
    good: { birthYear: "2025", birthMonth: "6", birthDay: "1", stateOfResidence: "21" },
    across: [
      { birthMonth: "2", birthDay: "31" },
      { birthYear: "" },
      { birthMonth: "", birthDay: "" },
      { birthYear: "2030" },
      { birthYear: "2020" },
      { birthYear: "2020", id: "7" },
      { stateOfResidence: "51", birthYear: "" },
    ],
  },
  {
    name: "child name",
    schema: ChildNameSchema,
    check: childNameCheck,
    good: { birthdate: "2025-06-01", stateOfResidence: "21", firstName: "Lucía", lastName: "Pérez" },
    across: [{ birthdate: "2025-02-31" }],
  },
  {
    name: "relationship",
    schema: referral.RelationshipSchema,
    check: referralChecks.relationshipCheck,
    good: { referrerRelationship: "1" },
    across: ["2", "3", "4", "9", "7", " 2 "].flatMap((referrerRelationship): Answers[] => [
      { referrerRelationship },
      { referrerRelationship, familyApproval: "yes", isAudiologistScreening: "no", isHospitalBirth: "yes", isCapta: "no", referralSourceOther: "A neighbor" },
      { referrerRelationship, referralSourceOther: " " },
    ]),
  },
  { name: "proxy", schema: referral.ProxySchema, check: referralChecks.proxyCheck, good: { firstName: "Rosa", lastName: "Díaz" } },
  {
    name: "sex",
    schema: referral.SexSchema,
    check: referralChecks.sexCheck,
    good: { gender: "1" },
    across: [{ races: ["2054-5"] }, { races: ["2054-5", "2106-3"], isHispanicChild: "no" }, { isHispanicChild: "unknown" }],
  },
  { name: "child's language", schema: referral.ChildLanguageSchema, check: referralChecks.childLanguageCheck, good: { primaryLanguage: "1" } },
  {
    name: "parent or guardian",
    schema: referral.GuardianSchema,
    check: referralChecks.guardianCheck,
    good: { firstName: "Rosa", lastName: "Díaz", childRelationship: "1" },
  },
  { name: "reasons", schema: referral.ReasonsSchema, check: referralChecks.reasonsCheck, good: {} },
  ...(["en", "es"] as const).map(
    (language): Form => ({
      name: `screening (${language})`,
      schema: referral.screeningSchema(TODAY, language),
      check: referralChecks.screeningCheck(TODAY, language),
      good: {},
      across: [
        { conditions: ["99"] },
        { conditions: ["1", "99"], otherMedicalCondition: " " },
        { conditions: "99", otherMedicalCondition: "Asthma" },
        { failedScreeningDate: "11/22/2026" },
        { failedScreeningDate: "22/11/2026" },
        { failedScreeningDate: "2026-11-21" },
      ],
    }),
  ),
  {
    name: "child's address",
    schema: referral.ChildAddressSchema,
    check: referralChecks.childAddressCheck,
    good: { source: "book-1" },
    across: [
      { source: "new" },
      { source: "new", line1: "1 Main St", city: "Annapolis", county: "2", zip: "21401" },
      { source: "new", line1: " ", city: "Annapolis", county: "2", zip: "12345" },
      { source: "new", zip: " " },
    ],
  },
  { name: "family's language", schema: referral.FamilyLanguageSchema, check: referralChecks.familyLanguageCheck, good: { familyPrimaryLanguage: "1" } },
  { name: "interpreter", schema: referral.InterpreterSchema, check: referralChecks.interpreterCheck, good: { familyNeedsInterpreter: "no" } },
  { name: "foster care", schema: referral.FosterCareSchema, check: referralChecks.fosterCareCheck, good: { childInFosterCare: "unknown" } },
  {
    name: "gestational age",
    schema: referral.GestationalAgeSchema,
    check: referralChecks.gestationalAgeCheck,
    good: { weeks: "39", days: "3" },
    across: [{ weeks: "" }, { weeks: "", unknown: "on" }, { weeks: " ", days: "" }, { weeks: "abc", unknown: "on" }],
  },
  { name: "details", schema: referral.DetailsSchema, check: referralChecks.detailsCheck, good: {} },
  { name: "consent", schema: referral.ConsentSchema, check: referralChecks.consentCheck, good: { childParentConsent: "3" } },
  { name: "document", schema: referral.DocumentSchema, check: referralChecks.documentCheck, good: { description: "Hearing screen" } },
  { name: "status change", schema: StatusChangeSchema, check: statusChangeCheck, good: { status: "Received" } },
  { name: "review link", schema: ReviewLinkSchema, check: reviewLinkCheck, good: { days: "14", reviewerName: "Dr. Ana Ruiz", purpose: "a second opinion" } },
  { name: "API key", schema: ApiKeySchema, check: apiKeyCheck, good: { keyName: "Nightly export", scope: "read", currentPassword: "x", code: "123 456" } },
  ...(["en", "es"] as const).flatMap((language): Form[] => [
    {
      name: `referral report (${language})`,
      schema: referralReportSchema(TODAY, language),
      check: referralReportCheck(TODAY, language),
      good: {},
      across: [{ statuses: ["received", "not_eligible"] }, { statuses: ["received", "draft"] }, { createdAfter: "2026-11-22", createdBefore: "1/2/2026" }],
    },
    {
      name: `user report (${language})`,
      schema: userReportSchema(TODAY, language),
      check: userReportCheck(TODAY, language),
      good: {},
      across: [{ lastLoginAfter: "21/11/2026" }, { lastLoginBefore: "11/21/2026" }],
    },
  ]),
];

/** What a person may type or choose in any field. */
const ANSWERS: Array<string | string[]> = [
  ...["", " ", "x", " x ", "not-a-choice", "-1", "0", "1", "1.5", "-1.5", "2", "3", "6", "7", "45", "46", "90", "91", "365", "366", "abc", "1e1", "0x10"],
  ...[60, 80, 100, 200, 254, 1000, 2000].flatMap((max) => ["x".repeat(max), "x".repeat(max + 1), ` ${"x".repeat(max)} `]),
  "x".repeat(4001),
  ...["a@b.co", "ana@example.org", " ana@example.org ", "ana@", "a..b@example.org", ".a@example.org", "ana@example", `${"a".repeat(250)}@example.org`],
  ...["410-555-1234", "(410) 555 1234", "4105551234", "41055512345", "410-555-123a", "410.555.12"],
  ...["20601", "21930", "19999", "2060", "21401-1234"],
  ...["12/31/2025", "31/12/2025", "2025-12-31", "2026-11-22", "2/30/2026", "1/2/26", "1.2.2026"],
  ...[
    "yes",
    "no",
    "unknown",
    "on",
    "off",
    "en",
    "sp",
    "es",
    "read",
    "write",
    "123456",
    "new",
    "book-1",
    "book-x",
    "book-12345678901",
    "99",
    "csv",
    "xlsx",
    "Received",
    "Draft",
  ],
  ...["123456", " 123 456 ", "12345", "1234567", "12345a", "abcde-fghjk"],
  ...["a long one 12", "short 1", "no digits at all here", `${"p".repeat(199)}1`, `${"p".repeat(201)}1`, "p".repeat(201)],
  ["1", "2"],
  ["received", "x".repeat(21)],
  Array.from({ length: 31 }, (_, index) => String(index + 1)),
];

/** Fields a person never fills in, which the browser leaves to the server. */
const HIDDEN = new Set(["id", "token", "redirectTo", "captchaToken", "website"]);

function formData(answers: Answers): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(answers)) for (const one of [value].flat()) data.append(name, one);
  return data;
}

/** Each field's messages, by the field (an error on a list's item is its list's). */
function byField(error: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error ?? {})) {
    const field = path.split(/[.[]/)[0];
    if (HIDDEN.has(field) || !messages) continue;
    fields[field] = [...(fields[field] ?? []), ...messages];
  }
  return fields;
}

const errorOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) => (submission.status === "error" ? submission.error : {});
const server = (form: Form, answers: Answers) => byField(errorOf(parseWithZod(formData(answers), { schema: form.schema })));
const browser = (form: Form, answers: Answers) => byField(errorOf(form.check(formData(answers))));

/** The schema under its refinements, transforms, defaults and optionality. */
function unwrapped(schema: z.ZodTypeAny): z.ZodTypeAny {
  let inner = schema;
  while ("innerType" in inner && typeof inner.innerType === "function") inner = (inner as z.ZodEffects<z.ZodTypeAny>).innerType();
  return inner instanceof z.ZodDefault || inner instanceof z.ZodOptional ? unwrapped(inner._def.innerType) : inner;
}

/** The form's own fields, but those the browser leaves to the server. */
function fieldsOf(schema: z.ZodTypeAny): string[] {
  return Object.keys((unwrapped(schema) as z.AnyZodObject).shape).filter((field) => !HIDDEN.has(field));
}

/** The answers a field can be sent: several texts only where several boxes share its name. */
function answersFor(schema: z.ZodTypeAny, field: string) {
  const list = unwrapped((unwrapped(schema) as z.AnyZodObject).shape[field]) instanceof z.ZodArray;
  return ANSWERS.filter((answer) => list || !Array.isArray(answer));
}

describe.each(FORMS)("the browser's check of the $name form", (form) => {
  it("passes the answers the action takes", () => {
    expect(server(form, form.good)).toEqual({});
    expect(browser(form, form.good)).toEqual({});
  });

  it("says what the action says of every answer in every field", () => {
    for (const field of fieldsOf(form.schema)) {
      for (const answer of answersFor(form.schema, field)) {
        const answers = { ...form.good, [field]: answer };
        expect(browser(form, answers), `${field}: ${JSON.stringify(answer).slice(0, 40)}`).toEqual(server(form, answers));
      }
    }
  });

  it("says what the action says of every field left out, and of the same answer in every field", () => {
    const fields = fieldsOf(form.schema);
    for (const field of fields) {
      const answers = Object.fromEntries(Object.entries(form.good).filter(([name]) => name !== field));
      expect(browser(form, answers), `without ${field}`).toEqual(server(form, answers));
    }
    for (const answer of ANSWERS) {
      const answers = Object.fromEntries(fields.filter((field) => answersFor(form.schema, field).includes(answer)).map((field) => [field, answer]));
      expect(browser(form, answers), `all ${JSON.stringify(answer).slice(0, 40)}`).toEqual(server(form, answers));
    }
  });

  const across = form.across;
  if (across)
    it("says what the action says of the rules between fields", () => {
      for (const change of across) {
        const answers = { ...form.good, ...change };
        expect(browser(form, answers), JSON.stringify(change)).toEqual(server(form, answers));
      }
    });
});

describe("a new document's file", () => {
  it("must be chosen before the upload is sent", () => {
    const data = formData({ description: "Hearing screen" });
    expect(errorOf(referralChecks.uploadCheck(data))).toEqual({ file: ["validation.fileRequired"] });
    data.append("file", new File(["%PDF"], "scan.pdf", { type: "application/pdf" }));
    expect(referralChecks.uploadCheck(data).status).toBe("success");
  });
});
