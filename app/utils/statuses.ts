/** Referral statuses in order (R83), the one list everything derives from (migrations keep a frozen copy). */
export const REFERRAL_STATUSES = [
  "Draft",
  "Submitted",
  "Received",
  "Processed",
  "Unable to Process",
  "Unable to Contact",
  "Eligible",
  "Not Eligible",
] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

const [, ...pastDraft] = REFERRAL_STATUSES;
/** Every status but Draft: the Submitted list's filter and the referral report's choices (R75, R97). */
export const PAST_DRAFT_STATUSES: Readonly<typeof pastDraft> = pastDraft;
export type PastDraftStatus = (typeof PAST_DRAFT_STATUSES)[number];

const [draft, submitted, ...recorded] = REFERRAL_STATUSES;
/** The statuses an administrator records after submission, Received to Not Eligible (R84). */
export const ADMIN_STATUSES: Readonly<typeof recorded> = recorded;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
/** Draft and Submitted: no administrator has recorded a status yet (status updates list the rest, R82). */
export const UNRECORDED_STATUSES = [draft, submitted] as const;

export type AccountStatus = "active" | "inactive" | "unverified";

/** R90: Inactive when locked, Not verified until the link is opened (R3), else Active. */
export function accountStatus(user: { locked: boolean; enabled: boolean }): AccountStatus {
  if (user.locked) return "inactive";
  return user.enabled ? "active" : "unverified";
}
