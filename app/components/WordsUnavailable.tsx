import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { useErrorInTitle, useTitleInstead } from "./title";

/**
 * Said instead of a screen whose words could not be had (app/i18n/react.tsx), in the words of the common namespace,
 * which every page holds from its first load; with a plain link that loads the page whole, words and all.
 * `languageChange`: the page stayed in its language because the other's words did not arrive.
 */
export function WordsUnavailableMessage({ languageChange = false }: { languageChange?: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  useErrorInTitle(true);
  const Heading = languageChange ? "h2" : "h1";
  // The message stands for the whole screen (its h1), or, on a language's change, beside the page (whose title stays).
  useTitleInstead(languageChange ? null : t("wordsUnavailable.title"));
  return (
    <div className="usa-alert usa-alert--warning" role="alert">
      <div className="usa-alert__body">
        <Heading className="usa-alert__heading">{t(languageChange ? "wordsUnavailable.languageTitle" : "wordsUnavailable.title")}</Heading>
        <p className="usa-alert__text">{t(languageChange ? "wordsUnavailable.languageBody" : "wordsUnavailable.body")}</p>
        <p className="usa-alert__text">
          <a href={pathname + search} className="usa-button">
            {t("wordsUnavailable.reload")}
          </a>
        </p>
      </div>
    </div>
  );
}
