import { describe, expect, it } from "vitest";
import { preVerifySchema } from "./child";

const schema = preVerifySchema("2026-11-21");
const check = (values: Record<string, string>) => {
  const result = schema.safeParse({ birthYear: "2025", birthMonth: "6", birthDay: "1", stateOfResidence: "21", ...values });
  return result.success ? result.data : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
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

  it("flags AGE_OF and MUST_BE_BORN", () => {
    expect(check({ birthYear: "2023", birthMonth: "11", birthDay: "21" })).toEqual({ birthdate: "validation.ageOf" });
    expect(check({ birthYear: "2026", birthMonth: "11", birthDay: "22" })).toEqual({ birthdate: "validation.mustBeBorn" });
  });

  it("asks for every part of the date", () => {
    expect(check({ birthDay: "" })).toEqual({ birthDay: "validation.required" });
  });
});
