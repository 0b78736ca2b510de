/** Who sees a sidebar entry: everyone signed in, administrators (super administrators with them), or super administrators. */
type Audience = "everyone" | "admin" | "superAdmin";

/**
 * The sidebar's entries, in order, each for its audience. A `to` with ":me" is completed with the signed-in person's
 * id.
 */
export const NAVIGATION: ReadonlyArray<{ to: string; labelKey: string; for: Audience }> = [
  { to: "/app/dashboard", labelKey: "nav.dashboard", for: "everyone" },
  { to: "/app/children", labelKey: "nav.children", for: "everyone" },
  { to: "/app/referrals/drafts", labelKey: "nav.drafts", for: "everyone" },
  { to: "/app/referrals/submitted", labelKey: "nav.submitted", for: "everyone" },
  { to: "/app/updates", labelKey: "nav.updates", for: "everyone" },
  { to: "/app/profile/:me", labelKey: "nav.profile", for: "everyone" },
  { to: "/app/users", labelKey: "nav.users", for: "admin" },
  { to: "/app/insight", labelKey: "nav.insight", for: "admin" },
  { to: "/app/reports", labelKey: "nav.reports", for: "admin" },
  { to: "/app/api-keys", labelKey: "nav.apiKeys", for: "admin" },
  { to: "/app/security-events", labelKey: "nav.securityEvents", for: "superAdmin" },
];

export function navigationFor(access: { isAdmin: boolean; isSuperAdmin?: boolean }, userId: number | null) {
  const sees = { everyone: true, admin: access.isAdmin, superAdmin: Boolean(access.isSuperAdmin) };
  return NAVIGATION.filter((item) => sees[item.for] && (userId !== null || !item.to.includes(":me"))).map((item) => ({
    ...item,
    to: item.to.replace(":me", String(userId)),
  }));
}
