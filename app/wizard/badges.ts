import type { Section } from "./steps";
import { present, requiredAnswers } from "~/models/completeness";
import { CONSENT } from "~/schemas/referral";
import type { FollowUp } from "~/schemas/relationship";

// The step badges of docs/product-rules.md R48, R49, computed here and nowhere else, from the answers each section needs
// (app/models/completeness.ts, which the review's list of what is missing reads too).

export type Badge = "START" | "CONTINUE" | "REVIEW";

/** What the badges look at; a copy of a referral gives the same answers. */
export interface BadgeFacts {
  referrerRelationship: string | null;
  followUpAnswers: Record<FollowUp, string | number | null>;
  referrerFirstName: string | null;
  referrerMiddleName: string | null;
  referrerLastName: string | null;
  gender: string | null;
  primaryLanguage: string | null;
  address: { line1: string | null; city: string | null; zip: string | null; county: string | null } | null;
  gestationalAgeInDays: number | null;
  adults: number;
  /** How many of them have no phone at all (docs/product-rules.md R147). */
  adultsWithoutPhone: number;
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

const valuesOf = (pairs: Array<[string, unknown]>) => pairs.map(([, value]) => value);

export function sectionBadges(facts: BadgeFacts): Record<Section, Badge> {
  const required = requiredAnswers(facts);
  const referrer = valuesOf(required.referrer);
  const family = valuesOf(required.family);
  return {
    // Any name begun (the middle one too) is a section under way.
    referrer: byCompleteness([...referrer, facts.referrerMiddleName], referrer),
    child: byCompleteness(valuesOf(required.child), valuesOf(required.child)),
    // A parent or guardian without a phone leaves the family section under way, as the review says (R147).
    family: byCompleteness(family, [...family, facts.adultsWithoutPhone === 0 ? true : null]),
    reasons: facts.reasons > 0 ? "REVIEW" : "START",
    details: present(facts.additionalDetails) ? "REVIEW" : "START",
    documentation: facts.documents > 0 || facts.childParentConsent === CONSENT.yes || facts.childParentConsent === CONSENT.no ? "REVIEW" : "START",
  };
}
