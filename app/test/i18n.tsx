import type { ReactNode } from "react";
import type { Language } from "~/i18n/config";
import { TranslationProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";

/** Wraps a component under test in the real translations of one language. */
export function withTranslations(language: Language = "en") {
  return function Translations({ children }: { children: ReactNode }) {
    return (
      <TranslationProvider language={language} catalog={resources}>
        {children}
      </TranslationProvider>
    );
  };
}
