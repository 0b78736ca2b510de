import type { Section } from "./steps";
import { CONSENT } from "~/schemas/referral-checks";

// The step badges of docs/product-rules.md R48, R49, computed here and nowhere else.

export type Badge = "START" | "CONTINUE" | "REVIEW";

/** What the badges look at; a copy of a referral gives the same answers. */
export interface BadgeFacts {
  referrerRelationship: string | null;
  referrerFirstName: string | null;
  referrerMiddleName: string | null;
  referrerLastName: string | null;
  gender: string | null;
  primaryLanguage: string | null;
  address: { line1: string | null; city: string | null; zip: string | null; county: string | null } | null;
  gestationalAgeInDays: number | null;
  adults: number;
  familyPrimaryLanguage: string | null;
  familyNeedsInterpreter: string | null;
  childInFosterCare: string | null;
  reasons: number;
  additionalDetails: string | null;
  documents: number;
  /** childParentConsent: CONSENT's codes, or null (not yet known). */
  childParentConsent: number | null;
}

const present = (value: unknown) => value !== null && value !== undefined && value !== "";

function byCompleteness(values: unknown[], allNeeded: boolean[]): Badge {
  if (allNeeded.every(Boolean)) return "REVIEW";
  return values.some(present) ? "CONTINUE" : "START";
}

export function sectionBadges(facts: BadgeFacts): Record<Section, Badge> {
  const names = [facts.referrerFirstName, facts.referrerMiddleName, facts.referrerLastName];
  const address = facts.address;
  const childValues = [facts.gender, facts.primaryLanguage, address?.line1, address?.city, address?.zip, address?.county, facts.gestationalAgeInDays];
  const familyValues = [facts.adults > 0 ? facts.adults : null, facts.familyPrimaryLanguage, facts.familyNeedsInterpreter, facts.childInFosterCare];
  return {
    referrer: byCompleteness(
      [facts.referrerRelationship, ...names],
      [present(facts.referrerRelationship), present(facts.referrerFirstName), present(facts.referrerLastName)],
    ),
    child: byCompleteness(childValues, childValues.map(present)),
    family: byCompleteness(familyValues, familyValues.map(present)),
    reasons: facts.reasons > 0 ? "REVIEW" : "START",
    details: present(facts.additionalDetails?.trim()) ? "REVIEW" : "START",
    documentation: facts.documents > 0 || facts.childParentConsent === CONSENT.yes || facts.childParentConsent === CONSENT.no ? "REVIEW" : "START",
  };
}
