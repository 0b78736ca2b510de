import { ANSWER_NAMES, ANSWERS, isGiven, isRequired, type AnswerName } from "~/wizard/answers";
import type { FollowUp } from "~/schemas/relationship";

// What a referral lacks before submit (R68, R69, R148), from app/wizard/answers.ts; badges.ts reads the same facts.

/**
 * What is known of a referral's answers: one query makes it (progressFacts, app/models/referral-progress.server.ts).
 */
export interface ReferralFacts {
  referrerRelationship: string | null;
  /** The answers to the relationship's follow-up questions as stored (R50): those it asks must be given (R150). */
  followUpAnswers: Record<FollowUp, string | number | null>;
  address: { line1: string | null; city: string | null; zip: string | null; county: string | null } | null;
  gestationalAgeInDays: number | null;
  /** Each parent or guardian's id, name and how many phone numbers they have. */
  adults: Array<{ id: number; name: string; phones: number }>;
  reasons: number;
  /** CONSENT's codes, or null (not yet known). */
  childParentConsent: number | null;
  consentDocuments: number;
  /** Every document, consent forms among them. */
  documents?: number;
  /** The table's plain answers, by name (`referrerFirstName`, `gender` …). */
  [answer: string]: unknown;
}

/** One missing answer (R148) and its section, for the API; a parent without a phone also says who (R147). */
export type MissingItem =
  | { section: (typeof ANSWERS)[AnswerName]["missingSection"]; answer: Exclude<AnswerName, "adultPhones"> }
  | { section: "adultPhone"; answer: "adultPhone"; name: string; adult: number };

export function missingItems(facts: ReferralFacts): MissingItem[] {
  const missing: MissingItem[] = [];
  for (const name of ANSWER_NAMES) {
    if (!isRequired(name, facts) || isGiven(name, facts)) continue;
    if (name === "adultPhones") {
      for (const adult of facts.adults)
        if (adult.phones === 0)
          missing.push({ section: "adultPhone", answer: "adultPhone", name: adult.name, adult: adult.id });
    } else missing.push({ section: ANSWERS[name].missingSection, answer: name });
  }
  return missing;
}
