/**
 * A referral's statuses (docs/product-rules.md R83), in the order a referral goes through them:
 * Draft, then Submitted, then what administrators record. The one list: the database's type, the
 * forms, the API and the lists derive theirs from it (the migrations keep their own frozen copy).
 */
export const REFERRAL_STATUSES = ["Draft", "Submitted", "Received", "Processed", "Unable to Process", "Unable to Contact", "Eligible", "Not Eligible"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

const [, ...pastDraft] = REFERRAL_STATUSES;
/** Every status but Draft: the Submitted list's filter and the referral report's choices (docs/product-rules.md R75, R97). */
export const PAST_DRAFT_STATUSES: Readonly<typeof pastDraft> = pastDraft;
export type PastDraftStatus = (typeof PAST_DRAFT_STATUSES)[number];

const [draft, submitted, ...recorded] = REFERRAL_STATUSES;
/** The statuses an administrator records after submission, Received to Not Eligible (docs/product-rules.md R84). */
export const ADMIN_STATUSES: Readonly<typeof recorded> = recorded;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
/** Draft and Submitted: no administrator has recorded a status yet (status updates list the rest, docs/product-rules.md R82). */
export const UNRECORDED_STATUSES = [draft, submitted] as const;

export type AccountStatus = "active" | "inactive" | "unverified";

/**
 * An account's status (docs/product-rules.md R90): Inactive when locked, Not verified while its owner has not
 * opened the verification link (R3), else Active.
 */
export function accountStatus(user: { locked: boolean; enabled: boolean }): AccountStatus {
  if (user.locked) return "inactive";
  return user.enabled ? "active" : "unverified";
}
