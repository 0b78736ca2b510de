import { CONSENT } from "~/schemas/referral";

// What a referral still lacks before it may be submitted (docs/product-rules.md R68, R69), decided
// here and nowhere else: the review screen lists it, and the submit refuses while it is not empty.

export interface CompletenessFacts {
  referrerRelationship: string | null;
  referrerFirstName: string | null;
  referrerLastName: string | null;
  gender: string | null;
  primaryLanguage: string | null;
  address: { line1: string | null; city: string | null; zip: string | null; county: string | null } | null;
  gestationalAgeInDays: number | null;
  /** Each parent or guardian's name and how many phone numbers they have. */
  adults: Array<{ name: string; phones: number }>;
  familyPrimaryLanguage: string | null;
  familyNeedsInterpreter: string | null;
  childInFosterCare: string | null;
  reasons: number;
  /** CONSENT's codes, or null (not yet known). */
  childParentConsent: number | null;
  consentDocuments: number;
}

export type MissingItem =
  | { section: "referrer" }
  | { section: "child" }
  | { section: "family" }
  | { section: "adultPhone"; name: string }
  | { section: "reasons" }
  | { section: "consent" }
  | { section: "consentDocument" };

/** An answer is given: not null, not missing, not a text of spaces only. The one test of it, for badges and review alike. */
export const present = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== "";

/** What the required answers of the three answered sections are read from; `adults`: how many parents or guardians. */
export type SectionFacts = Omit<CompletenessFacts, "adults" | "reasons" | "childParentConsent" | "consentDocuments"> & { adults: number };

/**
 * The answers each section needs before the referral may be submitted (docs/product-rules.md R68): the referrer's
 * relationship and name; the child's sex, language, address and gestational age; at least one parent or guardian and
 * the family's language, interpreter and foster-care answers. The review's list of what is missing, the submit's check
 * and the step badges (R48, R49: app/wizard/badges.ts) all read them here.
 */
export function requiredAnswers(facts: SectionFacts): Record<"referrer" | "child" | "family", unknown[]> {
  const address = facts.address;
  return {
    referrer: [facts.referrerRelationship, facts.referrerFirstName, facts.referrerLastName],
    child: [facts.gender, facts.primaryLanguage, address?.line1, address?.city, address?.zip, address?.county, facts.gestationalAgeInDays],
    family: [facts.adults > 0 ? facts.adults : null, facts.familyPrimaryLanguage, facts.familyNeedsInterpreter, facts.childInFosterCare],
  };
}

export function missingItems(facts: CompletenessFacts): MissingItem[] {
  const missing: MissingItem[] = [];
  const required = requiredAnswers({ ...facts, adults: facts.adults.length });
  for (const section of ["referrer", "child", "family"] as const) if (!required[section].every(present)) missing.push({ section });
  for (const adult of facts.adults) if (adult.phones === 0) missing.push({ section: "adultPhone", name: adult.name });
  if (facts.reasons === 0) missing.push({ section: "reasons" });
  if (facts.childParentConsent !== CONSENT.yes && facts.childParentConsent !== CONSENT.no) missing.push({ section: "consent" });
  if (facts.childParentConsent === CONSENT.yes && facts.consentDocuments === 0) missing.push({ section: "consentDocument" });
  return missing;
}
