import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { useErrorInTitle, useTitleInstead } from "./title";

/**
 * Shown when a screen's words could not be loaded (app/i18n/react.tsx), in the common namespace every page holds,
 * with a full-reload link. `languageChange`: the page kept its language because the other's words did not arrive.
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
        <Heading className="usa-alert__heading">
          {t(languageChange ? "wordsUnavailable.languageTitle" : "wordsUnavailable.title")}
        </Heading>
        <p className="usa-alert__text">
          {t(languageChange ? "wordsUnavailable.languageBody" : "wordsUnavailable.body")}
        </p>
        <p className="usa-alert__text">
          <a href={pathname + search} className="usa-button">
            {t("wordsUnavailable.reload")}
          </a>
        </p>
      </div>
    </div>
  );
}
