import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { getReferralForReview } from "~/models/referral-review.server";
import { saveAnswers } from "~/models/referral-answers.server";
import type { CurrentUser } from "~/models/user.server";
import { ProxySchema } from "~/schemas/referral";
import { insertApiKey } from "~/test/api-keys";
import { addPerson } from "~/test/people";
import { addChild, completeDraft } from "~/test/referrals";
import { resources } from "~/i18n/resources.server";
import { fixedT } from "~/i18n/i18next.server";
import { referralsCsv } from "~/models/referral-cells.server";
import { REFERRAL_CSV_COLUMNS, type CsvColumn } from "~/models/referral-csv.server";
import { referralListSpec } from "~/models/referral-list.server";
import { parseListQuery } from "~/utils/list";
import { ANSWER_NAMES, ANSWERS, type AnswerRow, type ReviewShown } from "./answers";

const NAMESPACES = ["referrals", "common", "wizard"];
import { reviewedUnplaced, reviewRow } from "./review-rows";

// The table of answers is the one place that says an answer is required (docs/product-rules.md R68, R148): take the
// flag off the referrer's first name, and the step's form, its save, the review's list of what is missing and the
// API's `missing` all stop asking for it; put it back, and all four ask again.

let test: TestDatabase;
let owner: CurrentUser;
let key: string;

beforeAll(async () => {
  test = await createTestDatabase();
  Object.assign(process.env, test.env);
  owner = await addPerson(test.db, "nurse@example.com");
  // The state's integration reads referrals through the API with an administrator's key.
  const admin = await addPerson(test.db, "admin@maryland.gov", { admin: true });
  ({ key } = await insertApiKey(test.db, admin.id, { scope: "read" }));
});
afterAll(() => test.close());

const firstName = ANSWERS.referrerFirstName as AnswerRow;
const required = firstName.required;
afterEach(() => {
  firstName.required = required;
});

async function whatAsksForIt(ids: { child: number; referral: number; user: number }) {
  const form = ProxySchema.safeParse({ referrerLastName: "Pérez" });
  const review = await getReferralForReview(test.db, owner, ids, "en");
  const { loader } = await import("~/routes/api.$");
  const response = await loader({
    request: new Request(`http://localhost/api/referrals/${ids.referral}`, {
      headers: { Authorization: `Bearer ${key}` },
    }),
    context: { db: test.db, clientIp: "203.0.113.9" },
    params: {},
  } as never);
  const record = (await (response as Response).json()) as { missing: Array<{ answer: string }> };
  return {
    form: form.success ? [] : form.error.issues.map((issue) => issue.path.join(".")),
    review: review.missing.map((item) => item.answer).filter((answer) => answer === "referrerFirstName"),
    api: record.missing.map((item) => item.answer).filter((answer) => answer === "referrerFirstName"),
  };
}

describe("the table of answers", () => {
  it("is the one place that says the referrer's first name is required", async () => {
    const child = await addChild(test.db, owner);
    const ids = await completeDraft(test.db, owner, child.id);

    firstName.required = false;
    await saveAnswers(test.db, owner, ids, { referrerFirstName: null });
    expect(await whatAsksForIt(ids)).toEqual({ form: [], review: [], api: [] });

    firstName.required = required;
    await expect(saveAnswers(test.db, owner, ids, { referrerFirstName: null })).rejects.toMatchObject({
      fieldErrors: { referrerFirstName: ["validation.referrerFirstName"] },
    });
    expect(await whatAsksForIt(ids)).toEqual({
      form: ["referrerFirstName"],
      review: ["referrerFirstName"],
      api: ["referrerFirstName"],
    });
  });
});

// The review's rows of plain answers read the table too: the label, whether the row shows, and which answers it shows;
// the CSV and the report write them as the review reads them.
describe("the review's rows of plain answers", () => {
  const rowOf = (name: keyof typeof ANSWERS) => ANSWERS[name] as AnswerRow;
  const kept = new Map(ANSWER_NAMES.map((name) => [name, rowOf(name).review && { ...rowOf(name).review! }]));
  afterEach(() => {
    for (const [name, review] of kept) if (review) rowOf(name).review = { ...review };
  });

  it("take their label and their presence from the table", async () => {
    const child = await addChild(test.db, owner);
    const ids = await completeDraft(test.db, owner, child.id);
    const review = async () => (await getReferralForReview(test.db, owner, ids, "es")).reviewed;

    expect(reviewRow(["gender"], await review())).toEqual({ label: "sex", value: "Femenino", as: "text" });
    expect(
      reviewRow(
        ["referrerPrefix", "referrerFirstName", "referrerMiddleName", "referrerLastName", "referrerSuffix"],
        await review(),
      ),
    ).toEqual({
      label: "referrerName",
      value: "Rosa Pérez",
      as: "text",
    });
    // Other medical condition shows only once given; the table says so.
    expect(reviewRow(["otherMedicalCondition"], await review())).toBeNull();
    rowOf("otherMedicalCondition").review!.whenGiven = false;
    expect(reviewRow(["otherMedicalCondition"], await review())).toEqual({
      label: "otherCondition",
      value: null,
      as: "text",
    });

    rowOf("gender").review!.label = "childSex";
    expect(reviewRow(["gender"], await review())?.label).toBe("childSex");

    // A row the table does not give to the review is not read for it.
    const answers = async () => (await getReferralForReview(test.db, owner, ids, "es")).answers;
    expect(await answers()).toHaveProperty("additionalDetails");
    rowOf("additionalDetails").review = undefined;
    expect(await answers()).not.toHaveProperty("additionalDetails");
    expect(reviewRow(["additionalDetails"], await review())).toBeNull();
  });

  it("end their section when the page does not place them: a new plain answer needs only its row", async () => {
    const ids = await completeDraft(test.db, owner, (await addChild(test.db, owner)).id);
    const review = async () => (await getReferralForReview(test.db, owner, ids, "en")).reviewed;
    const family = new Set(["familyPrimaryLanguage", "familyNeedsInterpreter"] as const);
    expect(reviewedUnplaced("guardians", await review(), family)).toEqual(["childInFosterCare"]);
    expect(reviewedUnplaced("guardians", await review(), new Set([...family, "childInFosterCare"]))).toEqual([]);
    rowOf("childInFosterCare").review = undefined;
    expect(reviewedUnplaced("guardians", await review(), family)).toEqual([]);
  });

  it("are written by the exports as the review reads them, their columns found in the table", async () => {
    const child = await addChild(test.db, owner, { firstName: "Exportada" });
    await completeDraft(test.db, owner, child.id);
    const cellsOf = async (...columns: string[]) => {
      const query = parseListQuery(new URLSearchParams(""), referralListSpec("drafts"), "es");
      const csv = await referralsCsv(test.db, owner, "drafts", query, undefined, "es", await fixedT("es", NAMESPACES));
      const rows = [csv.header];
      for await (const page of csv.pages) rows.push(...page);
      const row = rows.find((cells) => cells.includes("Exportada"))!;
      return columns.map((column) => row[REFERRAL_CSV_COLUMNS.indexOf(column as CsvColumn)]);
    };
    expect(await cellsOf("gender", "familyNeedsInterpreter")).toEqual(["Femenino", "Sí"]);

    rowOf("gender").review = { label: "sex" };
    rowOf("familyNeedsInterpreter").review = { label: "interpreter", as: "text" };
    expect(await cellsOf("gender", "familyNeedsInterpreter")).toEqual(["2", "yes"]);
  });

  it("have their labels in both languages", () => {
    const labels = [...kept.values()]
      .filter((review): review is ReviewShown => Boolean(review))
      .map((review) => review.label);
    expect(labels.length).toBeGreaterThan(0);
    for (const language of ["en", "es"] as const) {
      const fields = resources[language].referrals.review.fields as Record<string, string>;
      expect(
        labels.filter((label) => !fields[label]),
        language,
      ).toEqual([]);
    }
  });
});
