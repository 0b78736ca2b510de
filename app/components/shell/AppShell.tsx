import { Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { navigationFor } from "./navigation";
import { announceSignOut, SessionTimeout } from "./SessionTimeout";

export const SIDENAV_ID = "sidenav";

/** The toggle is a real form, so it works without JavaScript; with it, the change shows at once. */
function SideNavToggle({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "sidenav" });
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/app/navigation" className="top-bar__toggle">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="open"
        value={open ? "false" : "true"}
        className="usa-button usa-button--outline usa-button--inverse"
        aria-expanded={open}
        aria-controls={SIDENAV_ID}
      >
        {open ? t("nav.hide") : t("nav.show")}
      </button>
    </fetcher.Form>
  );
}

function useOptimisticNavOpen(serverOpen: boolean) {
  const fetcher = useFetcher({ key: "sidenav" });
  const pending = fetcher.formData?.get("open");
  return pending == null ? serverOpen : pending === "true";
}

function SignOut() {
  const { t } = useTranslation();
  return (
    <form method="post" action="/logout" onSubmit={announceSignOut}>
      <button type="submit" className="usa-button usa-button--outline usa-button--inverse">
        {t("session.signOut")}
      </button>
    </form>
  );
}

interface AppShellProps {
  navOpen: boolean;
  isAdmin: boolean;
  /** The signed-in person; null only on an error page shown before the layout could load. */
  user: { id: number; name: string } | null;
  children: ReactNode;
}

export function AppShell({ navOpen: serverNavOpen, isAdmin, user, children }: AppShellProps) {
  const { t } = useTranslation();
  const navOpen = useOptimisticNavOpen(serverNavOpen);
  return (
    <div className={`app-shell ${navOpen ? "app-shell--nav-open" : "app-shell--nav-closed"}`}>
      <header className="top-bar">
        <SideNavToggle open={navOpen} />
        <Link to="/app/dashboard" className="top-bar__title">
          {t("appName")}
        </Link>
        <div className="top-bar__user">
          {user ? <Link to={`/app/profile/${user.id}`}>{user.name}</Link> : null}
          <SignOut />
        </div>
      </header>
      <SessionTimeout />
      <div className="app-shell__body">
        <nav id={SIDENAV_ID} aria-label={t("nav.label")} className="app-shell__nav" hidden={!navOpen}>
          <ul className="usa-sidenav">
            {navigationFor(isAdmin, user?.id ?? null).map((item) => (
              <li key={item.to} className="usa-sidenav__item">
                <NavLink to={item.to} className={({ isActive }) => (isActive ? "usa-current" : undefined)}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main-content" tabIndex={-1} className="app-shell__main">
          {children}
        </main>
      </div>
    </div>
  );
}
