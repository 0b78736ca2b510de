import type { Section } from "./steps";
import { present, requiredAnswers } from "~/models/completeness";
import { CONSENT } from "~/schemas/referral";

// The step badges of docs/product-rules.md R48, R49, computed here and nowhere else, from the answers each section needs
// (app/models/completeness.ts, which the review's list of what is missing reads too).

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

function byCompleteness(values: unknown[], required: unknown[]): Badge {
  if (required.every(present)) return "REVIEW";
  return values.some(present) ? "CONTINUE" : "START";
}

export function sectionBadges(facts: BadgeFacts): Record<Section, Badge> {
  const required = requiredAnswers(facts);
  return {
    // Any name begun (the middle one too) is a section under way.
    referrer: byCompleteness([...required.referrer, facts.referrerMiddleName], required.referrer),
    child: byCompleteness(required.child, required.child),
    family: byCompleteness(required.family, required.family),
    reasons: facts.reasons > 0 ? "REVIEW" : "START",
    details: present(facts.additionalDetails) ? "REVIEW" : "START",
    documentation: facts.documents > 0 || facts.childParentConsent === CONSENT.yes || facts.childParentConsent === CONSENT.no ? "REVIEW" : "START",
  };
}
