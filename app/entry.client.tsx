import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./i18n/config";
import { TranslationProvider } from "./i18n/react";
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

/** Fetches the namespaces of a language not yet at hand; one that fails is said in the console and shows its keys. */
function loadStrings(language: Language, namespaces: string[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => {
      const file = `/locales/${language}/${namespace}.json?v=${version}`;
      let load = loading.get(file);
      if (!load) {
        load = fetch(file)
          .then((response) => {
            if (!response.ok) throw new Error(`${file}: ${response.status}`);
            return response.json() as Promise<Strings>;
          })
          .then(
            (strings) => void ((catalog[language] ??= {})[namespace] = strings),
            (error: unknown) => {
              loading.delete(file);
              console.error("Translations not loaded", error);
            },
          );
        loading.set(file, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** The namespaces the page's routes name (their handle.i18n), which the server rendered it with. */
function pageNamespaces(): string[] {
  const modules = (window as unknown as { __remixRouteModules: Record<string, { handle?: { i18n?: unknown } } | undefined> }).__remixRouteModules;
  const named: string[] = [];
  for (const route of Object.values(modules)) {
    const i18n = route?.handle?.i18n;
    for (const namespace of Array.isArray(i18n) ? i18n : [i18n]) if (typeof namespace === "string" && named.indexOf(namespace) < 0) named.push(namespace);
  }
  return named;
}

async function hydrate() {
  const lang = document.documentElement.lang;
  const language = LANGUAGES.find((known) => known === lang) ?? DEFAULT_LANGUAGE;
  await loadStrings(language, pageNamespaces());

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider language={language} catalog={catalog} load={loadStrings}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

hydrate();
