import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Language } from "./config";
import { translator, type Catalog, type Translate } from "./translate";

// The pages' translations in React: the provider holds the language and the strings at hand, and useTranslation gives a
// component the translate function of its namespaces. The server's catalog holds every namespace; the browser's starts
// with the page's and asks for the others a screen needs when it is first opened without a reload. Until they are at
// hand the screen is not painted: useTranslation suspends its render, as react-i18next does, and the router renders
// each navigation in a transition, so the screen before it stays until the words arrive (docs/product-rules.md R130).
// A screen whose words cannot be had throws WordsUnavailable, which the error boundaries say in words the page holds.

/** Where the browser's strings come from (the server's catalog is whole, and has none). */
export interface StringsSource {
  /** Brings these namespaces of a language into the catalog; settles either way. */
  load: (language: Language, namespaces: readonly string[]) => Promise<void>;
  /** Whether the namespace could not be had since the last navigation began (a new one tries again). */
  failed: (language: Language, namespace: string) => boolean;
  /** Forgets the failures: called when a navigation begins. */
  retry: () => void;
}

/** A screen's words could not be had (no connection, an error): it cannot be shown without showing keys. */
export class WordsUnavailable extends Error {
  constructor(
    readonly language: Language,
    readonly namespaces: readonly string[],
  ) {
    super(`The words of ${namespaces.join(", ")} (${language}) could not be loaded`);
    this.name = "WordsUnavailable";
  }
}

export function isWordsUnavailable(error: unknown): error is WordsUnavailable {
  return error instanceof WordsUnavailable;
}

interface Translations {
  language: Language;
  catalog: Catalog;
  source?: StringsSource;
  changeLanguage: (language: Language) => void;
  /** The language asked for whose words could not be had (the page stays in the one it has). */
  languageUnavailable: Language | null;
}

const TranslationContext = createContext<Translations | null>(null);

export function TranslationProvider({
  language,
  catalog,
  source,
  children,
}: {
  language: Language;
  catalog: Catalog;
  source?: StringsSource;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(language);
  const [languageUnavailable, setLanguageUnavailable] = useState<Language | null>(null);
  const asked = useRef(current);
  const changeLanguage = useCallback(
    (wanted: Language) => {
      asked.current = wanted;
      const held = Object.keys(catalog[current] ?? {});
      // Every namespace held so far, in the new language, before any string changes, so no key is ever shown: the
      // screen keeps its words (beside the server's answers in the new language) until then.
      void (source ? source.load(wanted, held) : Promise.resolve()).then(() => {
        if (asked.current !== wanted) return;
        if (held.some((namespace) => !catalog[wanted]?.[namespace])) {
          setLanguageUnavailable(wanted);
          return;
        }
        setLanguageUnavailable(null);
        startTransition(() => setCurrent(wanted));
      });
    },
    [catalog, current, source],
  );
  const value = useMemo(
    () => ({ language: current, catalog, source, changeLanguage, languageUnavailable }),
    [current, catalog, source, changeLanguage, languageUnavailable],
  );
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

function useTranslations(): Translations {
  const translations = useContext(TranslationContext);
  if (!translations) throw new Error("useTranslation needs a TranslationProvider above it");
  return translations;
}

/**
 * The translate function of the namespaces named (the first that has a key wins; common when none is named), and the
 * language. Suspends the render until the namespaces are at hand; throws WordsUnavailable when they cannot be had.
 */
export function useTranslation(namespaces: string | readonly string[] = "common"): { t: Translate; i18n: { language: Language } } {
  const { language, catalog, source } = useTranslations();
  const named = typeof namespaces === "string" ? namespaces : namespaces.join(" ");
  const t = useMemo(() => translator(catalog, language, named.split(" ")), [catalog, language, named]);
  const missing = named.split(" ").filter((namespace) => !catalog[language]?.[namespace]);
  if (source && missing.length > 0) {
    const failed = missing.filter((namespace) => source.failed(language, namespace));
    if (failed.length > 0) throw new WordsUnavailable(language, failed);
    // React renders again once this settles; until then the screen before stays (a thrown promise is how a render waits).
    throw source.load(language, missing);
  }
  return { t, i18n: { language } };
}

/** The namespaces route handles name (`handle.i18n`: one, or a list), each once. */
export function namespacesNamedBy(handles: readonly unknown[]): string[] {
  const named: string[] = [];
  for (const handle of handles) {
    const i18n = (handle as { i18n?: unknown } | null | undefined)?.i18n;
    for (const namespace of Array.isArray(i18n) ? i18n : [i18n]) if (typeof namespace === "string" && named.indexOf(namespace) < 0) named.push(namespace);
  }
  return named;
}

/**
 * Suspends the render of a screen until every namespace its routes name is at hand: called above the routes, so a
 * screen waits once for all its words, and words a component reads by a "namespace:key" are there too. A namespace
 * that could not be had is left to the components that name it, whose WordsUnavailable the routes' boundaries say.
 */
export function useWordsOfScreen(namespaces: readonly string[]) {
  const { language, catalog, source } = useTranslations();
  const missing = namespaces.filter((namespace) => !catalog[language]?.[namespace] && !source?.failed(language, namespace));
  if (source && missing.length > 0) throw source.load(language, missing);
}

/** Follows the language the server answers with (the root loader's), once its strings are at hand. */
export function useFollowLanguage(language: Language) {
  const { language: shown, changeLanguage } = useTranslations();
  useEffect(() => {
    if (language !== shown) changeLanguage(language);
  }, [language, shown, changeLanguage]);
}

/** A new navigation tries again the namespaces that could not be had before. */
export function useRetryWordsOn(navigating: boolean) {
  const { source } = useTranslations();
  useEffect(() => {
    if (navigating) source?.retry();
  }, [navigating, source]);
}

/** The language whose words the page asked for and could not have, if any (it stays in the one it has). */
export function useLanguageUnavailable(): Language | null {
  return useTranslations().languageUnavailable;
}
