import type { i18n as I18n } from "i18next";
import { startTransition, useEffect, useState } from "react";
import { useTranslation as useI18nextTranslation } from "react-i18next";
import type { Language } from "./config";

// react-i18next, with lazily fetched namespaces in the browser. Screens suspend until their words arrive, and
// navigations are transitions, so the previous screen stays meanwhile (R130, decision 0001). i18next treats a failed
// namespace as loaded (its keys would be painted), so a screen needing one throws WordsUnavailable instead.

/** A screen's words could not be had (no connection, an error): it cannot be shown without showing keys. */
export class WordsUnavailable extends Error {
  constructor(
    readonly language: string,
    readonly namespaces: readonly string[],
  ) {
    super(`The words of ${namespaces.join(", ")} (${language}) could not be loaded`);
    this.name = "WordsUnavailable";
  }
}

export function isWordsUnavailable(error: unknown): error is WordsUnavailable {
  return error instanceof WordsUnavailable;
}

/** i18next's load state per language and namespace: -1 when the backend failed (BackendConnector). */
function loadStates(i18n: I18n): Record<string, number> {
  return (i18n.services?.backendConnector as { state?: Record<string, number> } | undefined)?.state ?? {};
}

function failedNamespaces(i18n: I18n, language: string, namespaces: readonly string[]): string[] {
  const states = loadStates(i18n);
  return namespaces.filter(
    (namespace) => states[`${language}|${namespace}`] === -1 && !i18n.hasResourceBundle(language, namespace),
  );
}

const listOf = (namespaces: string | readonly string[]) =>
  typeof namespaces === "string" ? [namespaces] : [...namespaces];

/** useTranslation that suspends until the namespaces are loaded and throws WordsUnavailable on a failed one. */
export function useTranslation(namespaces: string | readonly string[] = "common") {
  const translation = useI18nextTranslation(listOf(namespaces));
  const failed = failedNamespaces(translation.i18n, translation.i18n.language, listOf(namespaces));
  if (failed.length > 0) throw new WordsUnavailable(translation.i18n.language, failed);
  return translation;
}

/** The namespaces route handles name (`handle.i18n`: one, or a list), each once. */
export function namespacesNamedBy(handles: readonly unknown[]): string[] {
  const named: string[] = [];
  for (const handle of handles) {
    const i18n = (handle as { i18n?: unknown } | null | undefined)?.i18n;
    for (const namespace of Array.isArray(i18n) ? i18n : [i18n])
      if (typeof namespace === "string" && named.indexOf(namespace) < 0) named.push(namespace);
  }
  return named;
}

/**
 * Suspends the screen until all its routes' namespaces load, above the routes, so it waits once. A failed namespace
 * is left to the components that name it.
 */
export function useWordsOfScreen(namespaces: readonly string[]) {
  useI18nextTranslation(namespaces);
}

/** On navigation, forgets failed namespaces: i18next never retries them itself. */
export function useRetryWordsOn(navigating: boolean) {
  const { i18n } = useI18nextTranslation();
  useEffect(() => {
    if (!navigating) return;
    const states = loadStates(i18n);
    for (const name of Object.keys(states)) if (states[name] === -1) delete states[name];
  }, [navigating, i18n]);
}

/**
 * Follows the server's language, loading every held namespace first so no key is ever shown. Returns a language
 * whose words could not be had (the page then keeps its own and says so).
 */
export function useFollowLanguage(language: Language): Language | null {
  const { i18n } = useI18nextTranslation();
  const [unavailable, setUnavailable] = useState<Language | null>(null);
  useEffect(() => {
    if (language === i18n.language) return;
    let current = true;
    const held = Object.keys(i18n.store.data[i18n.language] ?? {});
    const states = loadStates(i18n);
    for (const namespace of held)
      if (states[`${language}|${namespace}`] === -1) delete states[`${language}|${namespace}`];
    void i18n.loadLanguages(language).then(() => {
      if (!current) return;
      if (held.some((namespace) => !i18n.hasResourceBundle(language, namespace))) {
        setUnavailable(language);
        return;
      }
      setUnavailable(null);
      startTransition(() => void i18n.changeLanguage(language));
    });
    return () => {
      current = false;
    };
  }, [language, i18n]);
  return language === i18n.language ? null : unavailable;
}
