import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as codes from "./lookup-codes";

// Each code a rule names is a row of its list in the seed data, with the meaning the rule gives it.

const seed = (file: string) =>
  readFileSync(path.resolve(__dirname, "../../db/seed-data", file), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(","));
const lookups = seed("lookups.csv");
const lookup = (type: string, code: string) => lookups.find(([kind, value]) => kind === type && value === code)?.[2];

describe("the lookup codes the rules name", () => {
  it("are the seed data's Maryland, Baltimore City and Other medical condition", () => {
    expect(seed("states.csv").find(([code]) => code === codes.MARYLAND)?.[1]).toBe("MD");
    expect(seed("counties.csv").find(([code]) => code === codes.BALTIMORE_CITY)?.[1]).toBe("Baltimore City");
    expect(lookup("IdentifiedConditions", codes.OTHER_MEDICAL_CONDITION)).toBe("Other medical condition");
  });

  it("are the referrer relationships of the seed data", () => {
    expect(codes.FAMILY_RELATIONSHIPS.map((code) => lookup("References", code))).toEqual([
      "Parent",
      "Foster parent",
      "Other family member",
    ]);
    expect(lookup("References", codes.AUDIOLOGIST)).toBe("Audiologist");
    expect(lookup("References", codes.HOSPITAL)).toBe("Hospital");
    expect(lookup("References", codes.SOCIAL_SERVICES)).toBe("Local department of social services");
    expect(lookup("References", codes.OTHER)).toBe("Other");
    expect(lookup("References", codes.HOME_VISITING)).toBe("Home visiting program");
  });

  it("give a family referrer, as a parent or guardian, the relationship of the same name", () => {
    expect(Object.keys(codes.GUARDIAN_RELATIONSHIP_OF_REFERRER)).toEqual(codes.FAMILY_RELATIONSHIPS);
    for (const [referrer, guardian] of Object.entries(codes.GUARDIAN_RELATIONSHIP_OF_REFERRER))
      expect(lookup("FamilyRelationships", guardian)).toBe(lookup("References", referrer));
  });
});
