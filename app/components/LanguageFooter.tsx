import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ReactNode } from "react";
import { toPublicLanguage, type Language } from "~/i18n/config";

/** The address of this same page in the other language (?lang=en|sp), keeping every other parameter. */
export function otherLanguageHref(pathname: string, search: string, current: Language): string {
  const params = new URLSearchParams(search);
  params.set("lang", toPublicLanguage(current === "es" ? "en" : "es"));
  return `${pathname}?${params.toString()}`;
}

/** The pages every state service links from its footer. */
export const ABOUT_PAGES = [
  { to: "/accessibility", labelKey: "footer.accessibility" },
  { to: "/privacy", labelKey: "footer.privacy" },
  { to: "/contact", labelKey: "footer.contact" },
] as const;

/** The language switcher, then the program's identity and its required links (the USWDS identifier). */
export function LanguageFooter() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = (i18n.language === "es" ? "es" : "en") as Language;
  const other = current === "es" ? "en" : "es";
  return (
    <footer className="site-footer">
      <nav aria-label={t("footer.label")} className="site-footer__language">
        {/* A plain link: it works without JavaScript and reloads every string in the new language. */}
        <a
          href={otherLanguageHref(location.pathname, location.search, current)}
          lang={other}
          hrefLang={other}
          title={t("footer.switchDescription")}
        >
          {t("footer.switchLink")}
        </a>
      </nav>
      <div className="usa-identifier">
        <IdentifierSection band="masthead" label={t("footer.identifierLabel")}>
          <div className="usa-identifier__identity">
            <p className="usa-identifier__identity-domain">{t("footer.domain")}</p>
            <p className="usa-identifier__identity-disclaimer">{t("footer.disclaimer")}</p>
          </div>
        </IdentifierSection>
        <IdentifierSection as="nav" band="required-links" label={t("footer.linksLabel")}>
          <ul className="usa-identifier__required-links-list">
            {ABOUT_PAGES.map((page) => (
              <li key={page.to} className="usa-identifier__required-links-item">
                <Link to={page.to} className="usa-identifier__required-link usa-link">
                  {t(page.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </IdentifierSection>
        <IdentifierSection band="usagov" label={t("footer.zipCreditLabel")}>
          <p className="site-footer__credit">{t("footer.zipCredit")}</p>
        </IdentifierSection>
      </div>
    </footer>
  );
}

/** One named band of the USWDS identifier. */
function IdentifierSection({
  as: Band = "section",
  band,
  label,
  children,
}: {
  as?: "section" | "nav";
  band: "masthead" | "required-links" | "usagov";
  label: string;
  children: ReactNode;
}) {
  return (
    <Band className={`usa-identifier__section usa-identifier__section--${band}`} aria-label={label}>
      <div className="usa-identifier__container">{children}</div>
    </Band>
  );
}
