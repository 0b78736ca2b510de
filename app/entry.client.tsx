import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import i18next from "i18next";
import Fetch from "i18next-fetch-backend";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { DEFAULT_LANGUAGE, i18nConfig, LANGUAGES } from "./i18n/config";

// The form library reads a field name's last part with Array.prototype.at, which Safari before 15.4 and
// Chrome before 92 lack (R34); the pages' own code does without it.
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

// R25: a 503 from any call, outside the sign-in page, sends the browser to sign in again; but not
// one that says when to try again (Retry-After: the database was busy, R135), whose page says so where the person is.
const nativeFetch = window.fetch.bind(window);
window.fetch = async (...args: Parameters<typeof fetch>) => {
  const response = await nativeFetch(...args);
  if (response.status === 503 && !response.headers.has("Retry-After") && window.location.pathname !== "/login")
    window.location.assign("/login");
  return response;
};

// The server put the language and translations' version in the page, so the files fetched are cacheable for good.
const version = document.querySelector<HTMLMetaElement>('meta[name="i18n-version"]')?.content ?? "0";

async function hydrate() {
  const lang = document.documentElement.lang;
  const language = LANGUAGES.find((known) => known === lang) ?? DEFAULT_LANGUAGE;
  // The namespaces the server rendered with. Every key exists in both languages, so no fallback fetch.
  await i18next
    .use(initReactI18next)
    .use(Fetch)
    .init({
      ...i18nConfig,
      lng: language,
      fallbackLng: false,
      ns: getInitialNamespaces(),
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${version}` },
    });
  // Without its words the page stays as the server sent it, whole and working as it does without JavaScript.
  if (getInitialNamespaces().some((namespace) => !i18next.hasResourceBundle(language, namespace))) return;

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
