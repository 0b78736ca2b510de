import { mayEditReferral, type Actor, type ReferralFacts } from "~/models/policy";
import { reviewHref, stepHref } from "~/wizard/steps";

/**
 * Where a referral opens (docs/product-rules.md R73): the wizard for whoever may edit it (its
 * creator, a Draft), the review for everyone else, administrators always.
 */
export function openReferralHref(referral: { id: number; childId: number } & Pick<ReferralFacts, "createdById" | "status">, actor: Actor): string {
  const ids = { child: referral.childId, referral: referral.id, user: referral.createdById };
  return mayEditReferral(actor, referral) ? stepHref(ids, "relationship") : reviewHref(ids);
}
