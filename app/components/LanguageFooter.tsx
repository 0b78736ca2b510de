import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { toPublicLanguage, type Language } from "~/i18n/config";

/** The address of this same page in the other language (?lang=en|sp), keeping every other parameter. */
export function otherLanguageHref(pathname: string, search: string, current: Language): string {
  const params = new URLSearchParams(search);
  params.set("lang", toPublicLanguage(current === "es" ? "en" : "es"));
  return `${pathname}?${params.toString()}`;
}

export function LanguageFooter() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = (i18n.language === "es" ? "es" : "en") as Language;
  const other = current === "es" ? "en" : "es";
  return (
    <footer className="site-footer">
      <nav aria-label={t("footer.label")} className="site-footer__language">
        {/* A plain link: it works without JavaScript and reloads every string in the new language. */}
        <a href={otherLanguageHref(location.pathname, location.search, current)} lang={other} hrefLang={other} title={t("footer.switchDescription")}>
          {t("footer.switchLink")}
        </a>
      </nav>
      <p className="site-footer__program">{t("footer.program")}</p>
      <p className="site-footer__credit">{t("footer.zipCredit")}</p>
    </footer>
  );
}
