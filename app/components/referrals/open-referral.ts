import { mayEditReferral, type Actor, type ReferralFacts } from "~/models/policy";
import { reviewHref, stepHref } from "~/wizard/steps";

/** Where a referral opens (R73): the wizard for whoever may edit it, else the review. */
export function openReferralHref(
  referral: { id: number; childId: number } & Pick<ReferralFacts, "createdById" | "status">,
  actor: Actor,
): string {
  const ids = { child: referral.childId, referral: referral.id, user: referral.createdById };
  return mayEditReferral(actor, referral) ? stepHref(ids, "relationship") : reviewHref(ids);
}
