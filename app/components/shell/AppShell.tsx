import { Link, NavLink, useFetcher, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, StatusButton } from "../ui/busy";
import { FlashMessage } from "../FlashMessage";
import { navigationFor } from "./navigation";
import { announceSignOut, SessionTimeout } from "./SessionTimeout";

export const SIDENAV_ID = "sidenav";
/** The address parameter that opens the phone menu on a page loaded without JavaScript. */
export const MENU_PARAM = "menu";

/** The wide-screen side navigation's open state (a cookie), toggled by a real form so it works without JavaScript. */
function SideNavToggle({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "sidenav" });
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/app/navigation" className="top-bar__toggle top-bar__toggle--wide">
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

/** The phone menu, closed on every page; without JavaScript the button reloads with ?menu=open. */
function usePhoneMenu(): [boolean, (open: boolean) => void] {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(params.get(MENU_PARAM) === "open");
  useEffect(() => setOpen(false), [pathname]);
  return [open, setOpen];
}

function PhoneMenuToggle({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const kept = [...params.entries()].filter(([name]) => name !== MENU_PARAM);
  return (
    <form
      method="get"
      action={pathname}
      className="top-bar__toggle top-bar__toggle--phone"
      onSubmit={(event) => {
        event.preventDefault();
        onToggle(!open);
      }}
    >
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {open ? null : <input type="hidden" name={MENU_PARAM} value="open" />}
      <button
        type="submit"
        className="usa-button usa-button--outline usa-button--inverse"
        aria-expanded={open}
        aria-controls={SIDENAV_ID}
      >
        {t("nav.menu")}
      </button>
    </form>
  );
}

function SignOut({ inverse }: { inverse: boolean }) {
  const { t } = useTranslation();
  return (
    // Loaded whole, as a new sign-in starts with no page of the old session in memory.
    <Form method="post" action="/logout" reloadDocument onSubmit={announceSignOut}>
      <StatusButton className={`usa-button usa-button--outline${inverse ? " usa-button--inverse" : ""}`}>
        {t("session.signOut")}
      </StatusButton>
    </Form>
  );
}

/** The person's name (to their profile) and Sign out: in the top bar on a wide screen, in the menu on a phone. */
function Account({ user, inTopBar }: { user: { id: number; name: string } | null; inTopBar: boolean }) {
  return (
    <div className={inTopBar ? "top-bar__user" : "app-shell__account"}>
      {user ? <Link to={`/app/profile/${user.id}`}>{user.name}</Link> : null}
      <SignOut inverse={inTopBar} />
    </div>
  );
}

interface AppShellProps {
  navOpen: boolean;
  isAdmin: boolean;
  /** Staff of a local program (R138): the program's entries, not a referrer's. */
  isProgramStaff?: boolean;
  /** A super administrator sees the security events too. */
  isSuperAdmin?: boolean;
  /** The signed-in person; null only on an error page shown before the layout could load. */
  user: { id: number; name: string } | null;
  children: ReactNode;
}

export function AppShell({
  navOpen: serverNavOpen,
  isAdmin,
  isSuperAdmin = false,
  isProgramStaff = false,
  user,
  children,
}: AppShellProps) {
  const { t } = useTranslation();
  const navOpen = useOptimisticNavOpen(serverNavOpen);
  const [menuOpen, setMenuOpen] = usePhoneMenu();
  const classes = [
    "app-shell",
    navOpen ? "app-shell--nav-open" : "app-shell--nav-closed",
    menuOpen ? "app-shell--menu-open" : "",
  ];
  return (
    <div className={classes.filter(Boolean).join(" ")}>
      <header className="top-bar">
        <SideNavToggle open={navOpen} />
        <Link to="/app/dashboard" className="top-bar__title">
          {t("appName")}
        </Link>
        <PhoneMenuToggle open={menuOpen} onToggle={setMenuOpen} />
        <Account user={user} inTopBar />
      </header>
      <SessionTimeout />
      <div className="app-shell__body">
        <nav id={SIDENAV_ID} aria-label={t("nav.label")} className="app-shell__nav">
          <ul className="usa-sidenav">
            {navigationFor({ isAdmin, isSuperAdmin, isProgramStaff }, user?.id ?? null).map((item) => (
              <li key={item.to} className="usa-sidenav__item">
                <NavLink to={item.to} className={({ isActive }) => (isActive ? "usa-current" : undefined)}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
          <Account user={user} inTopBar={false} />
        </nav>
        <main id="main-content" tabIndex={-1} className="app-shell__main">
          <FlashMessage />
          {children}
        </main>
      </div>
    </div>
  );
}
