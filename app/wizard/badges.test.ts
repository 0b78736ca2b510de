import { describe, expect, it } from "vitest";
import { sectionBadges } from "./badges";
import type { ReferralFacts } from "~/models/completeness";
import { backHref, COUNTED_STEPS, nextStep, stepHref, stepOfPath } from "./steps";
import { CONSENT, GESTATION_UNKNOWN } from "~/schemas/referral";
import { NEW_REFERRAL_FACTS } from "~/test/referral-facts";

const badges = (facts: Partial<ReferralFacts>) => sectionBadges({ ...NEW_REFERRAL_FACTS, ...facts });

describe("the step badges (R48, R49)", () => {
  it("start every section of a new referral", () => {
    expect(badges({})).toEqual({
      referrer: "START",
      child: "START",
      family: "START",
      reasons: "START",
      details: "START",
      documentation: "START",
    });
  });

  it("referrer: CONTINUE with a relationship or any name, REVIEW with relationship, first and last name", () => {
    expect(badges({ referrerRelationship: "1" }).referrer).toBe("CONTINUE");
    expect(badges({ referrerMiddleName: "Ana" }).referrer).toBe("CONTINUE");
    expect(badges({ referrerFirstName: "Rosa", referrerLastName: "Núñez" }).referrer).toBe("CONTINUE");
    expect(badges({ referrerRelationship: "1", referrerFirstName: "Rosa", referrerLastName: "Núñez" }).referrer).toBe(
      "REVIEW",
    );
  });

  it("referrer: the follow-up questions the relationship asks are part of it (R50, R150)", () => {
    const named = { referrerFirstName: "Rosa", referrerLastName: "Núñez" };
    const answered = { ...NEW_REFERRAL_FACTS.followUpAnswers, familyApproval: 1, isAudiologistScreening: 0 };
    expect(badges({ ...named, referrerRelationship: "2" }).referrer).toBe("CONTINUE");
    expect(badges({ ...named, referrerRelationship: "2", followUpAnswers: answered }).referrer).toBe("REVIEW");
  });

  it("child: REVIEW only with sex, language, address (line 1, city, ZIP, county) and gestational age", () => {
    const whole = {
      gender: "2",
      primaryLanguage: "1",
      address: { line1: "1 Main St", city: "Annapolis", zip: "21401", county: "24003" },
      gestationalAgeInDays: GESTATION_UNKNOWN,
    };
    expect(badges(whole).child).toBe("REVIEW");
    expect(badges({ ...whole, gestationalAgeInDays: null }).child).toBe("CONTINUE");
    expect(badges({ ...whole, address: { ...whole.address, county: null } }).child).toBe("CONTINUE");
  });

  it("family: REVIEW with an adult, the family language, interpreter and foster care", () => {
    const adult = { id: 7, name: "Rosa Pérez", phones: 1 };
    const whole = {
      adults: [adult],
      familyPrimaryLanguage: "2",
      familyNeedsInterpreter: "no",
      childInFosterCare: "unknown",
    };
    expect(badges(whole).family).toBe("REVIEW");
    expect(badges({ ...whole, adults: [] }).family).toBe("CONTINUE");
    expect(badges({ adults: [adult] }).family).toBe("CONTINUE");
    // A parent or guardian without a phone is an answer missing, as on the review (R147).
    expect(badges({ ...whole, adults: [adult, { ...adult, id: 8, phones: 0 }] }).family).toBe("CONTINUE");
  });

  it("reasons, details and documentation: REVIEW once they have content", () => {
    expect(badges({ reasons: 1, additionalDetails: "Walks late", documents: 2 })).toMatchObject({
      reasons: "REVIEW",
      details: "REVIEW",
      documentation: "REVIEW",
    });
    expect(badges({ additionalDetails: "   " }).details).toBe("START");
    // The consent answer is content too, but "not yet known" is not.
    expect(badges({ childParentConsent: CONSENT.no }).documentation).toBe("REVIEW");
    expect(badges({ childParentConsent: CONSENT.notYet }).documentation).toBe("START");
  });
});

describe("the step order (R46, R47)", () => {
  it("goes from the guardian list to family language, interpreter, foster care, reasons, screening, details, documents", () => {
    const order = [
      "guardians",
      "familyLanguage",
      "interpreter",
      "fosterCare",
      "reasons",
      "screening",
      "details",
      "documents",
    ] as const;
    for (let index = 0; index < order.length - 1; index += 1) expect(nextStep(order[index])).toBe(order[index + 1]);
    // Saving the documentation list with advance goes to the review (docs/product-rules.md R47), the last step.
    expect(nextStep("documents")).toBe("review");
    expect(nextStep("review")).toBeNull();
    expect(stepHref({ child: 1, referral: 2, user: 3 }, "sex")).toBe(
      "/app/child/1/referral/2/user/3/child-information/sex",
    );
  });
});

describe("wayfinding", () => {
  const ids = { child: 1, referral: 2, user: 3 };
  const base = "/app/child/1/referral/2/user/3";

  it("counts 14 steps, the review not among them", () => {
    expect(COUNTED_STEPS).toHaveLength(14);
    expect(COUNTED_STEPS.map((step) => step.key)).not.toContain("review");
  });

  it("places a parent's form and a document's form in the step of their list", () => {
    expect(stepOfPath("child-information/sex")).toBe("sex");
    expect(stepOfPath("family-information/guardian/add-edit/new")).toBe("guardians");
    expect(stepOfPath("supporting-documentation/12")).toBe("documents");
    expect(stepOfPath("somewhere/else")).toBeNull();
  });

  it("leads Back to the previous step, from a form to its list, and from the first step to the child", () => {
    expect(backHref(ids, "child-information/sex")).toBe(`${base}/referrer-information/proxy`);
    expect(backHref(ids, "family-information/language")).toBe(`${base}/family-information/guardian-list`);
    expect(backHref(ids, "family-information/guardian/add-edit/5")).toBe(`${base}/family-information/guardian-list`);
    expect(backHref(ids, "supporting-documentation/new")).toBe(`${base}/supporting-documentation/list`);
    expect(backHref(ids, "review")).toBe(`${base}/supporting-documentation/list`);
    expect(backHref(ids, "referrer-information/relationship")).toBe("/app/children/details/1");
  });
});
