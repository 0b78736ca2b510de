/** Who sees an entry; "referrers" excludes local program staff, who refer no child (R138). */
type Audience = "everyone" | "referrers" | "program" | "admin" | "superAdmin";

/** Sidebar entries in order; ":me" in `to` becomes the signed-in person's id. */
export const NAVIGATION: ReadonlyArray<{ to: string; labelKey: string; for: Audience }> = [
  { to: "/app/dashboard", labelKey: "nav.dashboard", for: "everyone" },
  { to: "/app/children", labelKey: "nav.children", for: "referrers" },
  { to: "/app/referrals/drafts", labelKey: "nav.drafts", for: "referrers" },
  { to: "/app/referrals/submitted", labelKey: "nav.submitted", for: "everyone" },
  { to: "/app/updates", labelKey: "nav.updates", for: "referrers" },
  { to: "/app/profile/:me", labelKey: "nav.profile", for: "everyone" },
  { to: "/app/users", labelKey: "nav.users", for: "admin" },
  { to: "/app/insight", labelKey: "nav.insight", for: "program" },
  { to: "/app/reports", labelKey: "nav.reports", for: "program" },
  { to: "/app/api-keys", labelKey: "nav.apiKeys", for: "program" },
  { to: "/app/local-programs", labelKey: "nav.localPrograms", for: "superAdmin" },
  { to: "/app/security-events", labelKey: "nav.securityEvents", for: "superAdmin" },
];

export function navigationFor(
  access: { isAdmin: boolean; isSuperAdmin?: boolean; isProgramStaff?: boolean },
  userId: number | null,
) {
  const staff = Boolean(access.isProgramStaff);
  const sees = {
    everyone: true,
    referrers: !staff,
    program: access.isAdmin || staff,
    admin: access.isAdmin,
    superAdmin: Boolean(access.isSuperAdmin),
  };
  return NAVIGATION.filter((item) => sees[item.for] && (userId !== null || !item.to.includes(":me"))).map((item) => ({
    ...item,
    to: item.to.replace(":me", String(userId)),
  }));
}
