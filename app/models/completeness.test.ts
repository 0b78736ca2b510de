import { describe, expect, it } from "vitest";
import { missingItems, type ReferralFacts } from "./completeness";
import { CONSENT, GESTATION_UNKNOWN } from "~/schemas/referral";
import { NEW_REFERRAL_FACTS } from "~/test/referral-facts";

const noFollowUps = {
  familyApproval: null,
  isAudiologistScreening: null,
  isHospitalBirth: null,
  isCAPTA: null,
  referralSourceOther: null,
};
const complete: ReferralFacts = {
  referrerRelationship: "1",
  followUpAnswers: noFollowUps,
  referrerFirstName: "Rosa",
  referrerLastName: "Pérez",
  gender: "F",
  primaryLanguage: "2",
  address: { line1: "12 Main St", city: "Annapolis", zip: "21401", county: "24003" },
  gestationalAgeInDays: GESTATION_UNKNOWN,
  adults: [{ id: 7, name: "Rosa Pérez", phones: 1 }],
  familyPrimaryLanguage: "2",
  familyNeedsInterpreter: "no",
  childInFosterCare: "unknown",
  reasons: 1,
  childParentConsent: CONSENT.no,
  consentDocuments: 0,
};
const missing = (changes: Partial<ReferralFacts>) => missingItems({ ...complete, ...changes });
/** Each missing item as the review names it: its section and the one answer (R148). */
const answers = (changes: Partial<ReferralFacts>) => missing(changes).map((item) => `${item.section}.${item.answer}`);

describe("what the review flags as missing, one answer an item (R68, R148)", () => {
  it("nothing, for a complete referral (an unknown gestational age is an answer)", () => {
    expect(missingItems(complete)).toEqual([]);
  });

  it("the referrer: relationship, first and last name, each on its own", () => {
    expect(answers({ referrerRelationship: null })).toEqual(["referrer.referrerRelationship"]);
    expect(answers({ referrerFirstName: " " })).toEqual(["referrer.referrerFirstName"]);
    expect(answers({ referrerLastName: null })).toEqual(["referrer.referrerLastName"]);
    expect(answers({ referrerFirstName: null, referrerLastName: null })).toEqual([
      "referrer.referrerFirstName",
      "referrer.referrerLastName",
    ]);
  });

  it("the follow-up questions the relationship asks, and only those (R50, R150)", () => {
    // An audiologist is asked the family's approval and the screening; a hospital's answer is not asked of them.
    expect(answers({ referrerRelationship: "2", followUpAnswers: { ...noFollowUps, isHospitalBirth: 1 } })).toEqual([
      "referrer.familyApproval",
      "referrer.isAudiologistScreening",
    ]);
    expect(
      answers({
        referrerRelationship: "2",
        followUpAnswers: { ...noFollowUps, familyApproval: 1, isAudiologistScreening: 0 },
      }),
    ).toEqual([]);
    expect(answers({ referrerRelationship: "4", followUpAnswers: { ...noFollowUps, familyApproval: 0 } })).toEqual([
      "referrer.isCAPTA",
    ]);
    expect(
      answers({
        referrerRelationship: "9",
        followUpAnswers: { ...noFollowUps, familyApproval: 1, referralSourceOther: " " },
      }),
    ).toEqual(["referrer.referralSourceOther"]);
    // A family member is asked none.
    expect(answers({ referrerRelationship: "7" })).toEqual([]);
  });

  it("the child: sex, language, the address or the part of it missing, gestational age", () => {
    expect(answers({ gender: null })).toEqual(["child.gender"]);
    expect(answers({ primaryLanguage: null })).toEqual(["child.primaryLanguage"]);
    expect(answers({ address: null })).toEqual(["child.address"]);
    expect(answers({ address: { ...complete.address!, county: null } })).toEqual(["child.addressCounty"]);
    expect(answers({ address: { line1: "", city: "Annapolis", zip: null, county: "24003" } })).toEqual([
      "child.addressLine1",
      "child.addressZip",
    ]);
    expect(answers({ gestationalAgeInDays: null })).toEqual(["child.gestationalAge"]);
  });

  it("the family: an adult, language, interpreter, foster care, each on its own", () => {
    expect(answers({ adults: [] })).toEqual(["family.adults"]);
    expect(answers({ familyPrimaryLanguage: null })).toEqual(["family.familyPrimaryLanguage"]);
    expect(answers({ familyNeedsInterpreter: null })).toEqual(["family.familyNeedsInterpreter"]);
    expect(answers({ childInFosterCare: null })).toEqual(["family.childInFosterCare"]);
  });

  it("a phone for each adult, naming who, with their id for the link to their own form (R147)", () => {
    expect(
      missing({
        adults: [
          { id: 7, name: "Rosa Pérez", phones: 2 },
          { id: 8, name: "Juan Pérez", phones: 0 },
        ],
      }),
    ).toEqual([{ section: "adultPhone", answer: "adultPhone", name: "Juan Pérez", adult: 8 }]);
  });

  it("the reasons", () => {
    expect(answers({ reasons: 0 })).toEqual(["reasons.reasons"]);
  });

  it("the consent answer (not yet known is not one), and the consent document when it is yes", () => {
    expect(answers({ childParentConsent: null })).toEqual(["consent.consent"]);
    expect(answers({ childParentConsent: CONSENT.notYet })).toEqual(["consent.consent"]);
    expect(answers({ childParentConsent: CONSENT.yes })).toEqual(["consentDocument.consentDocument"]);
    expect(answers({ childParentConsent: CONSENT.yes, consentDocuments: 1 })).toEqual([]);
  });

  it("everything, for a new referral", () => {
    expect(answers(NEW_REFERRAL_FACTS)).toEqual([
      "referrer.referrerRelationship",
      "referrer.referrerFirstName",
      "referrer.referrerLastName",
      "child.gender",
      "child.primaryLanguage",
      "child.address",
      "child.gestationalAge",
      "family.adults",
      "family.familyPrimaryLanguage",
      "family.familyNeedsInterpreter",
      "family.childInFosterCare",
      "reasons.reasons",
      "consent.consent",
    ]);
  });
});
