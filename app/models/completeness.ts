import { CONSENT } from "~/schemas/referral-checks";

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

const present = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== "";

export function missingItems(facts: CompletenessFacts): MissingItem[] {
  const missing: MissingItem[] = [];
  if (![facts.referrerRelationship, facts.referrerFirstName, facts.referrerLastName].every(present)) missing.push({ section: "referrer" });
  const address = facts.address;
  if (![facts.gender, facts.primaryLanguage, address?.line1, address?.city, address?.zip, address?.county, facts.gestationalAgeInDays].every(present)) {
    missing.push({ section: "child" });
  }
  if (facts.adults.length === 0 || ![facts.familyPrimaryLanguage, facts.familyNeedsInterpreter, facts.childInFosterCare].every(present)) {
    missing.push({ section: "family" });
  }
  for (const adult of facts.adults) if (adult.phones === 0) missing.push({ section: "adultPhone", name: adult.name });
  if (facts.reasons === 0) missing.push({ section: "reasons" });
  if (facts.childParentConsent !== CONSENT.yes && facts.childParentConsent !== CONSENT.no) missing.push({ section: "consent" });
  if (facts.childParentConsent === CONSENT.yes && facts.consentDocuments === 0) missing.push({ section: "consentDocument" });
  return missing;
}
