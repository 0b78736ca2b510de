/** The sidebar's entries, in order; `adminOnly` entries show only to administrators. */
export const NAVIGATION = [
  { to: "/app/dashboard", labelKey: "nav.dashboard", adminOnly: false },
  { to: "/app/children", labelKey: "nav.children", adminOnly: false },
  { to: "/app/referrals/drafts", labelKey: "nav.drafts", adminOnly: false },
  { to: "/app/referrals/submitted", labelKey: "nav.submitted", adminOnly: false },
  { to: "/app/updates", labelKey: "nav.updates", adminOnly: false },
  { to: "/app/users", labelKey: "nav.users", adminOnly: true },
  { to: "/app/reports", labelKey: "nav.reports", adminOnly: true },
] as const;

export function navigationFor(isAdmin: boolean) {
  return NAVIGATION.filter((item) => isAdmin || !item.adminOnly);
}
