import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Language } from "./config";
import { translator, type Catalog, type Translate } from "./translate";

// The pages' translations in React: the provider holds the language and the strings at hand, and
// useTranslation gives a component the translate function of its namespaces. The server's catalog holds
// every namespace; the browser's starts with the page's and loads the others a page asks for (a screen
// opened without a reload), showing the keys until they arrive.

/** Brings the namespaces of a language that the catalog lacks into it (the browser fetches them). */
export type LoadStrings = (language: Language, namespaces: string[]) => Promise<void>;

interface Translations {
  language: Language;
  /** A new object after every load, so the components render again with the new strings. */
  catalog: Catalog;
  need: (language: Language, namespaces: string[]) => void;
  changeLanguage: (language: Language) => void;
}

const TranslationContext = createContext<Translations | null>(null);

export function TranslationProvider({ language, catalog, load, children }: { language: Language; catalog: Catalog; load?: LoadStrings; children: ReactNode }) {
  const [current, setCurrent] = useState(language);
  // The loads write into `catalog`; what is shown is a copy made after each, which tells React.
  const [shown, setShown] = useState(catalog);
  const asked = useRef(current);
  const need = useCallback(
    (wanted: Language, namespaces: string[]) => {
      const missing = namespaces.filter((namespace) => !catalog[wanted]?.[namespace]);
      if (!load || missing.length === 0) return Promise.resolve();
      return load(wanted, missing).then(() => setShown({ ...catalog }));
    },
    [catalog, load],
  );
  const changeLanguage = useCallback(
    (wanted: Language) => {
      asked.current = wanted;
      // The namespaces loaded so far, in the new language, before any string changes.
      void need(wanted, Object.keys(catalog[current] ?? {})).then(() => {
        if (asked.current === wanted) setCurrent(wanted);
      });
    },
    [catalog, current, need],
  );
  const value = useMemo(
    () => ({ language: current, catalog: shown, need: (wanted: Language, namespaces: string[]) => void need(wanted, namespaces), changeLanguage }),
    [current, shown, need, changeLanguage],
  );
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

function useTranslations(): Translations {
  const translations = useContext(TranslationContext);
  if (!translations) throw new Error("useTranslation needs a TranslationProvider above it");
  return translations;
}

/**
 * The translate function of the namespaces named (the first that has a key wins; common when none is
 * named), and the language.
 */
export function useTranslation(namespaces: string | readonly string[] = "common"): { t: Translate; i18n: { language: Language } } {
  const { language, catalog, need } = useTranslations();
  const named = typeof namespaces === "string" ? namespaces : namespaces.join(" ");
  const t = useMemo(() => translator(catalog, language, named.split(" ")), [catalog, language, named]);
  useEffect(() => need(language, named.split(" ")), [language, named, need]);
  return { t, i18n: { language } };
}

/** Follows the language the server answers with (the root loader's), once its strings are at hand. */
export function useFollowLanguage(language: Language) {
  const { language: shown, changeLanguage } = useTranslations();
  useEffect(() => {
    if (language !== shown) changeLanguage(language);
  }, [language, shown, changeLanguage]);
}
