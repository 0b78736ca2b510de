import type { i18n as I18n } from "i18next";
import { startTransition, useEffect, useState } from "react";
import { useTranslation as useI18nextTranslation } from "react-i18next";
import type { Language } from "./config";

// The pages' translations are react-i18next's. On the server every namespace is at hand (app/entry.server.tsx); the
// browser starts with the page's and i18next's backend fetches the others a screen needs when it is first opened
// without a reload. Until they are at hand the screen is not painted: react-i18next suspends the render, and the router
// renders each navigation in a transition, so the screen before stays until the words arrive (docs/product-rules.md
// R130, docs/decisions/0001-screens-wait-for-their-words.md). What this module adds is what i18next leaves to its
// user: a namespace that could not be fetched reads to i18next as loaded (its keys would be painted), so a screen that
// needs one throws WordsUnavailable, which the error boundaries say in words the page holds.

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

/** i18next's record of each language and namespace it loaded: -1 when the backend failed (i18next's BackendConnector). */
function loadStates(i18n: I18n): Record<string, number> {
  return (i18n.services?.backendConnector as { state?: Record<string, number> } | undefined)?.state ?? {};
}

function failedNamespaces(i18n: I18n, language: string, namespaces: readonly string[]): string[] {
  const states = loadStates(i18n);
  return namespaces.filter((namespace) => states[`${language}|${namespace}`] === -1 && !i18n.hasResourceBundle(language, namespace));
}

const listOf = (namespaces: string | readonly string[]) => (typeof namespaces === "string" ? [namespaces] : [...namespaces]);

/**
 * react-i18next's useTranslation (the first namespace that has a key wins; common when none is named): suspends the
 * render until the namespaces are at hand, and throws WordsUnavailable when one could not be had.
 */
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
  useI18nextTranslation(namespaces);
}

/**
 * A new navigation tries again the namespaces that could not be had before: i18next never asks its backend again for a
 * namespace it failed to load, so the failure is forgotten and the next render that needs it loads it.
 */
export function useRetryWordsOn(navigating: boolean) {
  const { i18n } = useI18nextTranslation();
  useEffect(() => {
    if (!navigating) return;
    const states = loadStates(i18n);
    for (const name of Object.keys(states)) if (states[name] === -1) delete states[name];
  }, [navigating, i18n]);
}

/**
 * Follows the language the server answers with (the root loader's): every namespace held so far is loaded in the new
 * language before any string changes, so no key is ever shown. Returns the language asked for whose words could not be
 * had (the page then stays in the one it has, and says so).
 */
export function useFollowLanguage(language: Language): Language | null {
  const { i18n } = useI18nextTranslation();
  const [unavailable, setUnavailable] = useState<Language | null>(null);
  useEffect(() => {
    if (language === i18n.language) return;
    let current = true;
    const held = Object.keys(i18n.store.data[i18n.language] ?? {});
    const states = loadStates(i18n);
    for (const namespace of held) if (states[`${language}|${namespace}`] === -1) delete states[`${language}|${namespace}`];
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
