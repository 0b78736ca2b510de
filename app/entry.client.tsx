import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./i18n/config";
import { namespacesNamedBy, TranslationProvider, type StringsSource } from "./i18n/react";
import type { Catalog, Strings } from "./i18n/translate";

// The form library reads a field name's last part with Array.prototype.at, which Safari before 15.4 and
// Chrome before 92 lack (docs/product-rules.md R34); the pages' own code does without it.
if (typeof Array.prototype.at !== "function") {
  Object.defineProperty(Array.prototype, "at", {
    configurable: true,
    writable: true,
    value(this: unknown[], index: number) {
      const whole = Math.trunc(index) || 0;
      return this[whole < 0 ? this.length + whole : whole];
    },
  });
}

// docs/product-rules.md R25: a 503 from any call, outside the sign-in page, sends the browser to sign in again.
const nativeFetch = window.fetch.bind(window);
window.fetch = async (...args: Parameters<typeof fetch>) => {
  const response = await nativeFetch(...args);
  if (response.status === 503 && window.location.pathname !== "/login") window.location.assign("/login");
  return response;
};

// The server wrote the language into <html lang> and the translations' version into a meta tag, so the
// browser asks for exactly the files it can cache for good (app/routes/locales.$lng.$ns.ts).
const version = document.querySelector<HTMLMetaElement>('meta[name="i18n-version"]')?.content ?? "0";
const catalog: Catalog = {};
const loading = new Map<string, Promise<void>>();
const failures = new Set<string>();

/** Fetches the namespaces of a language not yet at hand; one that fails is remembered as failed until the next navigation. */
function loadStrings(language: Language, namespaces: readonly string[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => {
      const file = `/locales/${language}/${namespace}.json?v=${version}`;
      let load = loading.get(file);
      if (!load && !catalog[language]?.[namespace]) {
        load = fetch(file)
          .then((response) => {
            if (!response.ok) throw new Error(`${file}: ${response.status}`);
            return response.json() as Promise<Strings>;
          })
          .then(
            (strings) => void ((catalog[language] ??= {})[namespace] = strings),
            (error: unknown) => {
              failures.add(`${language}/${namespace}`);
              console.error("Translations not loaded", error);
            },
          )
          .finally(() => loading.delete(file));
        loading.set(file, load);
      }
      return load ?? Promise.resolve();
    }),
  ).then(() => undefined);
}

const source: StringsSource = {
  load: loadStrings,
  failed: (language, namespace) => failures.has(`${language}/${namespace}`),
  retry: () => failures.clear(),
};

async function hydrate() {
  const lang = document.documentElement.lang;
  const language = LANGUAGES.find((known) => known === lang) ?? DEFAULT_LANGUAGE;
  // The namespaces the page's routes name (their handle.i18n), with which the server rendered it.
  const modules = (window as unknown as { __remixRouteModules: Record<string, { handle?: unknown } | undefined> }).__remixRouteModules;
  await loadStrings(language, namespacesNamedBy(Object.values(modules).map((module) => module?.handle)));
  // Without its words the page stays as the server sent it, whole and working as it does without JavaScript.
  if (failures.size > 0) return;

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider language={language} catalog={catalog} source={source}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

hydrate();
