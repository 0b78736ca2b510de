import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, type Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";

/** Wraps a component under test in the real translations of one language, as the server renders a page. */
export function withTranslations(language: Language = "en") {
  const instance = createInstance();
  void instance
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: language, ns: Object.keys(resources.en), resources, initImmediate: false });
  return function Translations({ children }: { children: ReactNode }) {
    return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
  };
}
