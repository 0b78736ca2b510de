/**
 * The sidebar's entries, in order; `adminOnly` entries show only to administrators. A `to` with
 * ":me" is completed with the signed-in person's id.
 */
export const NAVIGATION = [
  { to: "/app/dashboard", labelKey: "nav.dashboard", adminOnly: false },
  { to: "/app/children", labelKey: "nav.children", adminOnly: false },
  { to: "/app/referrals/drafts", labelKey: "nav.drafts", adminOnly: false },
  { to: "/app/referrals/submitted", labelKey: "nav.submitted", adminOnly: false },
  { to: "/app/updates", labelKey: "nav.updates", adminOnly: false },
  { to: "/app/profile/:me", labelKey: "nav.profile", adminOnly: false },
  { to: "/app/users", labelKey: "nav.users", adminOnly: true },
  { to: "/app/insight", labelKey: "nav.insight", adminOnly: true },
  { to: "/app/reports", labelKey: "nav.reports", adminOnly: true },
  { to: "/app/api-keys", labelKey: "nav.apiKeys", adminOnly: true },
] as const;

export function navigationFor(isAdmin: boolean, userId: number | null) {
  return NAVIGATION.filter((item) => (isAdmin || !item.adminOnly) && (userId !== null || !item.to.includes(":me"))).map((item) => ({
    ...item,
    to: item.to.replace(":me", String(userId)),
  }));
}
