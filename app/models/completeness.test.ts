import { describe, expect, it } from "vitest";
import { missingItems, type CompletenessFacts } from "./completeness";
import { CONSENT, GESTATION_UNKNOWN } from "~/schemas/referral";

const complete: CompletenessFacts = {
  referrerRelationship: "1",
  referrerFirstName: "Rosa",
  referrerLastName: "Pérez",
  gender: "F",
  primaryLanguage: "2",
  address: { line1: "12 Main St", city: "Annapolis", zip: "21401", county: "24003" },
  gestationalAgeInDays: GESTATION_UNKNOWN,
  adults: [{ name: "Rosa Pérez", phones: 1 }],
  familyPrimaryLanguage: "2",
  familyNeedsInterpreter: "no",
  childInFosterCare: "unknown",
  reasons: 1,
  childParentConsent: CONSENT.no,
  consentDocuments: 0,
};
const sections = (changes: Partial<CompletenessFacts>) => missingItems({ ...complete, ...changes }).map((item) => item.section);

describe("what the review flags as missing (R68)", () => {
  it("nothing, for a complete referral (an unknown gestational age is an answer)", () => {
    expect(missingItems(complete)).toEqual([]);
  });

  it("the referrer: relationship, first and last name", () => {
    expect(sections({ referrerRelationship: null })).toEqual(["referrer"]);
    expect(sections({ referrerFirstName: " " })).toEqual(["referrer"]);
    expect(sections({ referrerLastName: null })).toEqual(["referrer"]);
  });

  it("the child: sex, language, the whole address, gestational age", () => {
    expect(sections({ gender: null })).toEqual(["child"]);
    expect(sections({ primaryLanguage: null })).toEqual(["child"]);
    expect(sections({ address: null })).toEqual(["child"]);
    expect(sections({ address: { ...complete.address!, county: null } })).toEqual(["child"]);
    expect(sections({ gestationalAgeInDays: null })).toEqual(["child"]);
  });

  it("the family: an adult, language, interpreter, foster care; and a phone for each adult", () => {
    expect(sections({ adults: [] })).toEqual(["family"]);
    expect(sections({ familyNeedsInterpreter: null })).toEqual(["family"]);
    expect(sections({ childInFosterCare: null })).toEqual(["family"]);
    expect(
      missingItems({
        ...complete,
        adults: [
          { name: "Rosa Pérez", phones: 2 },
          { name: "Juan Pérez", phones: 0 },
        ],
      }),
    ).toEqual([{ section: "adultPhone", name: "Juan Pérez" }]);
  });

  it("the reasons", () => {
    expect(sections({ reasons: 0 })).toEqual(["reasons"]);
  });

  it("the consent answer (not yet known is not one), and the consent document when it is yes", () => {
    expect(sections({ childParentConsent: null })).toEqual(["consent"]);
    expect(sections({ childParentConsent: CONSENT.notYet })).toEqual(["consent"]);
    expect(sections({ childParentConsent: CONSENT.yes })).toEqual(["consentDocument"]);
    expect(sections({ childParentConsent: CONSENT.yes, consentDocuments: 1 })).toEqual([]);
  });

  it("everything, for a new referral", () => {
    expect(
      sections({
        referrerRelationship: null,
        gender: null,
        adults: [],
        reasons: 0,
        childParentConsent: null,
      }),
    ).toEqual(["referrer", "child", "family", "reasons", "consent"]);
  });
});
