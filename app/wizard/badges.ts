import type { ReferralFacts } from "~/models/completeness";
import { ANSWER_NAMES, isGiven, isRequired, sectionOf } from "./answers";
import type { Section } from "./steps";

// The sections' progress (R48, R49), from the table of answers (app/wizard/answers.ts), which the
// review's list of what is missing reads too.

export type Badge = "START" | "CONTINUE" | "REVIEW";

/** Reasons, details and documents are ready once they hold something (R49); the others once all they need is given. */
const READY_WHEN_ANY: readonly Section[] = ["reasons", "details", "documentation"];

export function sectionBadges(facts: ReferralFacts): Record<Section, Badge> {
  const badges = {} as Record<Section, Badge>;
  for (const section of ["referrer", "child", "family", ...READY_WHEN_ANY] as Section[]) {
    const names = ANSWER_NAMES.filter((name) => sectionOf(name) === section);
    const begun = names.some((name) => isGiven(name, facts));
    const ready = READY_WHEN_ANY.includes(section)
      ? begun
      : names.every((name) => !isRequired(name, facts) || isGiven(name, facts));
    badges[section] = ready && begun ? "REVIEW" : begun ? "CONTINUE" : "START";
  }
  return badges;
}
