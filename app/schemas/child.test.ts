import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { preVerifySchema } from "./child";

const schema = preVerifySchema("2026-11-21");
const check = (values: Record<string, string>) => {
  const result = z.safeParse(schema, {
    birthYear: "2025",
    birthMonth: "6",
    birthDay: "1",
    stateOfResidence: "21",
    ...values,
  });
  return result.success
    ? result.data
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.map(String).join("."), issue.message]));
};

describe("pre-verification", () => {
  it("passes a Maryland child under 36 months, as a calendar date", () => {
    expect(check({})).toEqual({ id: null, birthdate: "2025-06-01", stateOfResidence: "21" });
  });

  it("flags a state other than Maryland", () => {
    expect(check({ stateOfResidence: "51" })).toEqual({ stateOfResidence: "validation.stateNotMaryland" });
  });

  it("flags a day the month lacks (the list offers 1–31 without JavaScript)", () => {
    expect(check({ birthMonth: "2", birthDay: "31" })).toEqual({ birthdate: "validation.impossibleDate" });
  });

  it("flags a child 36 months old or more, and one not yet born", () => {
    expect(check({ birthYear: "2023", birthMonth: "11", birthDay: "21" })).toEqual({ birthdate: "validation.ageOf" });
    expect(check({ birthYear: "2026", birthMonth: "11", birthDay: "22" })).toEqual({
      birthdate: "validation.mustBeBorn",
    });
  });

  it("lets a child already kept be corrected once three, never to a day not yet come (R37)", () => {
    expect(check({ id: "7", birthYear: "2023", birthMonth: "11", birthDay: "21" })).toEqual({
      id: 7,
      birthdate: "2023-11-21",
      stateOfResidence: "21",
    });
    expect(check({ id: "7", birthYear: "2026", birthMonth: "11", birthDay: "22" })).toEqual({
      birthdate: "validation.mustBeBorn",
    });
  });

  it("gives the date one message, on the question, naming what it still needs", () => {
    expect(check({ birthYear: "", birthMonth: "", birthDay: "" })).toEqual({
      birthdate: "validation.birthdateMissing",
    });
    expect(check({ birthDay: "" })).toEqual({ birthdate: "validation.birthdateNeeds.day" });
    expect(check({ birthMonth: "", birthYear: "" })).toEqual({ birthdate: "validation.birthdateNeeds.month_year" });
    expect(check({ birthMonth: "", birthDay: "" })).toEqual({ birthdate: "validation.birthdateNeeds.month_day" });
    expect(check({ birthDay: "x", birthYear: "" })).toEqual({ birthdate: "validation.birthdateNeeds.day_year" });
    // One message in all: the lists themselves report nothing.
    const empty = z.safeParse(schema, { stateOfResidence: "21" });
    expect(
      empty.success ? [] : empty.error.issues.map((issue) => [issue.path.map(String).join("."), issue.message]),
    ).toEqual([["birthdate", "validation.birthdateMissing"]]);
  });
});
