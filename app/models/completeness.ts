import { CONSENT } from "~/schemas/referral";
import { followUps, type FollowUp } from "~/schemas/relationship";

// What a referral still lacks before it may be submitted (docs/product-rules.md R68, R69, R148), decided
// here and nowhere else: the review screen lists it, and the submit refuses while it is not empty.

export interface CompletenessFacts {
  referrerRelationship: string | null;
  /** The answers to the relationship's follow-up questions as stored (R50): those it asks must be given (R150). */
  followUpAnswers: Record<FollowUp, string | number | null>;
  referrerFirstName: string | null;
  referrerLastName: string | null;
  gender: string | null;
  primaryLanguage: string | null;
  address: { line1: string | null; city: string | null; zip: string | null; county: string | null } | null;
  gestationalAgeInDays: number | null;
  /** Each parent or guardian's id, name and how many phone numbers they have. */
  adults: Array<{ id: number; name: string; phones: number }>;
  familyPrimaryLanguage: string | null;
  familyNeedsInterpreter: string | null;
  childInFosterCare: string | null;
  reasons: number;
  /** CONSENT's codes, or null (not yet known). */
  childParentConsent: number | null;
  consentDocuments: number;
}

/** The stored answers to the relationship's follow-up questions (R50), as the completeness rules read them. */
export function followUpAnswersOf(referral: {
  family_approval: number | null;
  is_audiologist_screening: number | null;
  is_hospital_birth: number | null;
  is_capta: number | null;
  referral_source_other: string | null;
}): Record<FollowUp, string | number | null> {
  return {
    familyApproval: referral.family_approval,
    isAudiologistScreening: referral.is_audiologist_screening,
    isHospitalBirth: referral.is_hospital_birth,
    isCAPTA: referral.is_capta,
    referralSourceOther: referral.referral_source_other,
  };
}

/** The answers the three answered sections need, each named as the review names it (R148). */
export type ReferrerAnswer = "referrerRelationship" | FollowUp | "referrerFirstName" | "referrerLastName";
export type ChildAnswer = "gender" | "primaryLanguage" | "address" | "addressLine1" | "addressCity" | "addressZip" | "addressCounty" | "gestationalAge";
export type FamilyAnswer = "adults" | "familyPrimaryLanguage" | "familyNeedsInterpreter" | "childInFosterCare";

/**
 * One answer missing (R148): its section, kept for the API's readers, and the answer itself, which the review names and
 * links to its own question; a parent or guardian without a phone also says who (R147).
 */
export type MissingItem =
  | { section: "referrer"; answer: ReferrerAnswer }
  | { section: "child"; answer: ChildAnswer }
  | { section: "family"; answer: FamilyAnswer }
  | { section: "adultPhone"; answer: "adultPhone"; name: string; adult: number }
  | { section: "reasons"; answer: "reasons" }
  | { section: "consent"; answer: "consent" }
  | { section: "consentDocument"; answer: "consentDocument" };

/** An answer is given: not null, not missing, not a text of spaces only. The one test of it, for badges and review alike. */
export const present = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== "";

/** What the required answers of the three answered sections are read from; `adults`: how many parents or guardians. */
export type SectionFacts = Omit<CompletenessFacts, "adults" | "reasons" | "childParentConsent" | "consentDocuments"> & { adults: number };

interface RequiredAnswers {
  referrer: Array<[ReferrerAnswer, unknown]>;
  child: Array<[ChildAnswer, unknown]>;
  family: Array<[FamilyAnswer, unknown]>;
}

/**
 * The answers each section needs before the referral may be submitted (docs/product-rules.md R68): the referrer's
 * relationship, the follow-up questions it asks (R50) and the referrer's first and last name; the child's sex, language,
 * address (street, city, ZIP and county) and gestational age; at least one parent or guardian and the family's
 * language, interpreter and foster-care answers. Each with its name, so the review says which one is missing
 * (R148). The review's list of what is missing, the submit's check and the step badges (R48, R49: app/wizard/badges.ts)
 * all read them here; the phone of each parent or guardian (R147) is counted beside them.
 */
export function requiredAnswers(facts: SectionFacts): RequiredAnswers {
  const address = facts.address;
  const asked = followUps(facts.referrerRelationship).map((question): [FollowUp, unknown] => [question, facts.followUpAnswers[question]]);
  return {
    referrer: [
      ["referrerRelationship", facts.referrerRelationship],
      ...asked,
      ["referrerFirstName", facts.referrerFirstName],
      ["referrerLastName", facts.referrerLastName],
    ],
    child: [
      ["gender", facts.gender],
      ["primaryLanguage", facts.primaryLanguage],
      // No address is one answer missing; an address kept without a part names the part.
      ...(address
        ? ([
            ["addressLine1", address.line1],
            ["addressCity", address.city],
            ["addressZip", address.zip],
            ["addressCounty", address.county],
          ] as Array<[ChildAnswer, unknown]>)
        : ([["address", null]] as Array<[ChildAnswer, unknown]>)),
      ["gestationalAge", facts.gestationalAgeInDays],
    ],
    family: [
      ["adults", facts.adults > 0 ? facts.adults : null],
      ["familyPrimaryLanguage", facts.familyPrimaryLanguage],
      ["familyNeedsInterpreter", facts.familyNeedsInterpreter],
      ["childInFosterCare", facts.childInFosterCare],
    ],
  };
}

export function missingItems(facts: CompletenessFacts): MissingItem[] {
  const missing: MissingItem[] = [];
  const required = requiredAnswers({ ...facts, adults: facts.adults.length });
  for (const [answer, value] of required.referrer) if (!present(value)) missing.push({ section: "referrer", answer });
  for (const [answer, value] of required.child) if (!present(value)) missing.push({ section: "child", answer });
  for (const [answer, value] of required.family) if (!present(value)) missing.push({ section: "family", answer });
  for (const adult of facts.adults) if (adult.phones === 0) missing.push({ section: "adultPhone", answer: "adultPhone", name: adult.name, adult: adult.id });
  if (facts.reasons === 0) missing.push({ section: "reasons", answer: "reasons" });
  if (facts.childParentConsent !== CONSENT.yes && facts.childParentConsent !== CONSENT.no) missing.push({ section: "consent", answer: "consent" });
  if (facts.childParentConsent === CONSENT.yes && facts.consentDocuments === 0) missing.push({ section: "consentDocument", answer: "consentDocument" });
  return missing;
}
