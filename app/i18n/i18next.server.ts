import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, fromPublicLanguage, i18nConfig, LANGUAGES, toPublicLanguage, type Language } from "./config";
import { resources } from "./resources.server";

/** Remembers the chosen language (as en or sp) for a year. */
export const languageCookie = createCookie("lang", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/** The language asked for in the address (?lang=en|sp), if any. */
export function languageFromQuery(request: Request): Language | null {
  return fromPublicLanguage(new URL(request.url).searchParams.get("lang"));
}

/** ?lang= first, then the cookie; none when neither names a language (R27). */
async function chosenLanguage(request: Request): Promise<Language | null> {
  const fromQuery = languageFromQuery(request);
  if (fromQuery) return fromQuery;
  // A cookie someone wrote by hand ("lang=sp", not as this server writes it) reads as no choice, not as an error.
  const cookie: unknown = await languageCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return fromPublicLanguage(typeof cookie === "string" ? cookie : null);
}

/**
 * The server's i18next. The language per R27, via chosenLanguage since people see "en"/"sp" (R26); English by default;
 * Accept-Language is not used. Every namespace is bundled.
 */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom"],
    findLocale: chosenLanguage,
  },
});

export async function getLanguage(request: Request): Promise<Language> {
  return fromPublicLanguage(await i18next.getLocale(request)) ?? DEFAULT_LANGUAGE;
}

export function serializeLanguageCookie(language: Language): Promise<string> {
  return languageCookie.serialize(toPublicLanguage(language));
}

/**
 * One immutable instance per language for the process: remix-i18next's getFixedT builds one per call, the largest cost
 * of a wizard step after GC (bench/RESULTS.md).
 */
const instances = Object.fromEntries(
  LANGUAGES.map((language) => {
    const instance = createInstance();
    void instance.init({
      ...i18nConfig,
      lng: language,
      ns: Object.keys(resources.en),
      resources,
      initImmediate: false,
    });
    return [language, instance];
  }),
) as Record<Language, I18n>;

/** The i18next instance of a language, for a page's render (app/entry.server.tsx). */
export function i18nextOf(language: Language): I18n {
  return instances[language];
}

/** The translate function of a language (or of the request's language), for the namespaces named. */
export async function fixedT(
  languageOrRequest: Language | Request,
  namespaces: string | string[] = "common",
): Promise<TFunction> {
  const language = typeof languageOrRequest === "string" ? languageOrRequest : await getLanguage(languageOrRequest);
  return instances[language].getFixedT(language, namespaces);
}
