// The relationship step's rules (R50, R51), shared by server and page.

import {
  AUDIOLOGIST,
  FAMILY_RELATIONSHIPS,
  HOME_VISITING,
  HOME_VISITOR_TEXT,
  HOSPITAL,
  OTHER,
  SOCIAL_SERVICES,
} from "~/utils/lookup-codes";

export type FollowUp =
  | "familyApproval"
  | "isAudiologistScreening"
  | "isHospitalBirth"
  | "isCAPTA"
  | "referralSourceOther";

/** The follow-up questions a relationship asks: a referral not made by the family needs its approval. */
export function followUps(relationship: string | null | undefined): FollowUp[] {
  if (!relationship) return [];
  const asked: FollowUp[] = FAMILY_RELATIONSHIPS.includes(relationship) ? [] : ["familyApproval"];
  if (relationship === AUDIOLOGIST) asked.push("isAudiologistScreening");
  if (relationship === HOSPITAL) asked.push("isHospitalBirth");
  if (relationship === SOCIAL_SERVICES) asked.push("isCAPTA");
  if (relationship === OTHER) asked.push("referralSourceOther");
  return asked;
}

/** The choice shown for a stored referral: Other with the text Home Visitor is the home-visiting option. */
export function shownRelationship(stored: { relationship: string | null; sourceOther: string | null }): string {
  if (stored.relationship === OTHER && stored.sourceOther === HOME_VISITOR_TEXT) return HOME_VISITING;
  return stored.relationship ?? "";
}

/** The text of Other shown for a stored referral: none for the home-visiting option. */
export function shownSourceOther(stored: { sourceOther: string | null }): string | null {
  return stored.sourceOther === HOME_VISITOR_TEXT ? null : stored.sourceOther;
}

export type YesNoAnswer = "yes" | "no";

/** A stored follow-up flag as its answer (1 yes, 0 no; the models store it so). */
export const answerOf = (stored: number | null): YesNoAnswer | null =>
  stored === 1 ? "yes" : stored === 0 ? "no" : null;
