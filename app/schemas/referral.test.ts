import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { followUps, shownRelationship } from "~/schemas/relationship";
import { HOME_VISITING } from "~/utils/lookup-codes";
import { CONSENT, CONSENT_ANSWERS, DEFAULT_CONSENT, GESTATION_UNKNOWN, gestationParts } from "./referral";
import {
  DetailsSchema,
  GestationalAgeSchema,
  GuardianSchema,
  RelationshipSchema,
  screeningSchema,
  SexSchema,
} from "./referral";

const issues = (result: z.core.util.SafeParseResult<unknown>) =>
  result.success
    ? {}
    : Object.fromEntries(result.error!.issues.map((issue) => [issue.path.map(String).join("."), issue.message]));

describe("the referrer relationship", () => {
  it("asks family approval of anyone but the family, and each professional its own question", () => {
    expect(followUps("1")).toEqual([]);
    expect(followUps("7")).toEqual([]);
    expect(followUps("10")).toEqual([]);
    expect(followUps("2")).toEqual(["familyApproval", "isAudiologistScreening"]);
    expect(followUps("3")).toEqual(["familyApproval", "isHospitalBirth"]);
    expect(followUps("4")).toEqual(["familyApproval", "isCAPTA"]);
    expect(followUps("9")).toEqual(["familyApproval", "referralSourceOther"]);
    expect(issues(z.safeParse(RelationshipSchema, { referrerRelationship: "2", askedFor: "2" }))).toEqual({
      familyApproval: "validation.familyApproval",
      isAudiologistScreening: "validation.isAudiologistScreening",
    });
    expect(issues(z.safeParse(RelationshipSchema, {}))).toEqual({
      referrerRelationship: "validation.referrerRelationship",
    });
  });

  it("asks the relationship first: its questions are required only once the page showed them (R150)", () => {
    // A new referral's first post without JavaScript: no questions were shown yet.
    expect(z.safeParse(RelationshipSchema, { referrerRelationship: "2" }).success).toBe(true);
    // The questions shown were another relationship's (the one saved before): this one's are asked next.
    expect(
      z.safeParse(RelationshipSchema, { referrerRelationship: "4", askedFor: "2", familyApproval: "yes" }).success,
    ).toBe(true);
    expect(
      issues(z.safeParse(RelationshipSchema, { referrerRelationship: "4", askedFor: "4", familyApproval: "yes" })),
    ).toEqual({
      isCAPTA: "validation.isCAPTA",
    });
  });
});

describe("a parent's or guardian's phones (R147)", () => {
  const guardian = { firstName: "Rosa", lastName: "Pérez", childRelationship: "1" };
  it("needs one at least, said on the phones' question, with the other fields' messages", () => {
    expect(issues(z.safeParse(GuardianSchema, guardian))).toEqual({ phones: "validation.guardianPhone" });
    expect(issues(z.safeParse(GuardianSchema, { childRelationship: "1" }))).toEqual({
      firstName: "validation.guardianFirstName",
      lastName: "validation.guardianLastName",
      phones: "validation.guardianPhone",
    });
    for (const phone of ["homePhoneNumber", "workPhoneNumber", "mobilePhoneNumber"]) {
      expect(z.safeParse(GuardianSchema, { ...guardian, [phone]: "(410) 555 1234" }).success, phone).toBe(true);
    }
  });

  it("shows Other with the text Home Visitor as home visiting", () => {
    expect(shownRelationship({ relationship: "9", sourceOther: "Home Visitor" })).toBe(HOME_VISITING);
    expect(shownRelationship({ relationship: "9", sourceOther: "Neighbour" })).toBe("9");
  });
});

describe("the sex step", () => {
  it("takes a race with the Hispanic answer, or neither", () => {
    expect(z.safeParse(SexSchema, { gender: "2", races: ["2054-5"], isHispanicChild: "no" }).success).toBe(true);
    expect(z.safeParse(SexSchema, { gender: "2" }).success).toBe(true);
    expect(issues(z.safeParse(SexSchema, { races: ["2054-5"] }))).toEqual({
      isHispanicChild: "validation.hispanicWithRace",
    });
    expect(issues(z.safeParse(SexSchema, { isHispanicChild: "unknown" }))).toEqual({
      races: "validation.raceWithHispanic",
    });
  });
});

describe("the gestational age", () => {
  it("is weeks × 7 + days, or -1 when unknown (weeks and days then ignored)", () => {
    // As the form sends them (text), read as the page's action and the browser read them.
    const sent = (values: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(values)) form.append(name, value);
      const submission = parseWithZod(form, { schema: GestationalAgeSchema });
      return submission.status === "success" ? submission.value : submission.error;
    };
    expect(sent({ weeks: "39", days: "3" })).toEqual({ gestationalAgeInDays: 276 });
    expect(sent({ weeks: "28", days: "" })).toEqual({ gestationalAgeInDays: 196 });
    expect(sent({ unknown: "on", weeks: "39", days: "3" })).toEqual({ gestationalAgeInDays: -1 });
    expect(sent({})).toEqual({ weeks: ["validation.weeksOrUnknown"] });
    expect(sent({ weeks: "39", days: "7" })).toEqual({ days: ["validation.daysRange"] });
    expect(sent({ weeks: "39.5", days: "x" })).toEqual({
      weeks: ["validation.wholeNumber"],
      days: ["validation.wholeNumber"],
    });
  });

  it("is shown back as weeks and days", () => {
    expect(gestationParts(276)).toEqual({ weeks: "39", days: "3", unknown: false });
    expect(gestationParts(-1)).toEqual({ weeks: "", days: "", unknown: true });
    expect(gestationParts(null)).toEqual({ weeks: "", days: "", unknown: false });
  });
});

describe("the additional details", () => {
  it("take 2000 characters and refuse 2001", () => {
    expect(z.safeParse(DetailsSchema, { additionalDetails: "a".repeat(2000) }).success).toBe(true);
    expect(issues(z.safeParse(DetailsSchema, { additionalDetails: "a".repeat(2001) }))).toEqual({
      additionalDetails: "validation.detailsTooLong",
    });
  });
});

describe("the reasons' second screen", () => {
  const schema = screeningSchema("2026-11-21", "en");

  it("needs the text of Other medical condition", () => {
    expect(issues(schema.safeParse({ conditions: ["99"] }))).toEqual({
      otherMedicalCondition: "validation.otherConditionText",
    });
    expect(schema.safeParse({ conditions: ["99"], otherMedicalCondition: "Torticollis" }).success).toBe(true);
    expect(schema.safeParse({ conditions: ["2"] }).success).toBe(true);
  });

  it("takes a screening date up to today, not after", () => {
    expect(schema.safeParse({ screenings: ["1"], failedScreeningDate: "2026-11-21" }).success).toBe(true);
    expect(issues(schema.safeParse({ screenings: ["1"], failedScreeningDate: "2026-11-22" }))).toEqual({
      failedScreeningDate: "validation.screeningDateFuture",
    });
  });

  it("reads the date in the order the page shows it: mm/dd/yyyy in English, dd/mm/aaaa in Spanish", () => {
    expect(schema.safeParse({ failedScreeningDate: "03/14/2026" }).data?.failedScreeningDate).toBe("2026-03-14");
    expect(
      z.safeParse(screeningSchema("2026-11-21", "es"), { failedScreeningDate: "14/03/2026" }).data?.failedScreeningDate,
    ).toBe("2026-03-14");
    expect(issues(schema.safeParse({ failedScreeningDate: "14/03/2026" }))).toEqual({
      failedScreeningDate: "validation.typedDate",
    });
    expect(issues(z.safeParse(screeningSchema("2026-11-21", "es"), { failedScreeningDate: "22/11/2026" }))).toEqual({
      failedScreeningDate: "validation.screeningDateFuture",
    });
  });
});

describe("the stored codes", () => {
  it("name the consent answers 1 yes, 2 no, 3 not yet known (R62), and -1 an unknown gestational age (R54)", () => {
    expect(CONSENT).toEqual({ yes: 1, no: 2, notYet: 3 });
    expect(CONSENT_ANSWERS).toEqual(["1", "2", "3"]);
    expect(DEFAULT_CONSENT).toBe("3");
    expect(GESTATION_UNKNOWN).toBe(-1);
  });
});
