import { createCookie } from "@remix-run/node";
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

/** ?lang= first, then the cookie, then English. The browser's Accept-Language is not used (SPEC §1). */
export async function getLanguage(request: Request): Promise<Language> {
  const fromQuery = languageFromQuery(request);
  if (fromQuery) return fromQuery;
  // A cookie someone wrote by hand ("lang=sp", not as this server writes it) reads as no choice, not as an error.
  const cookie: unknown = await languageCookie.parse(request.headers.get("Cookie")).catch(() => null);
  const fromCookie = fromPublicLanguage(typeof cookie === "string" ? cookie : null);
  return fromCookie ?? DEFAULT_LANGUAGE;
}

export function serializeLanguageCookie(language: Language): Promise<string> {
  return languageCookie.serialize(toPublicLanguage(language));
}

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom"],
    findLocale: getLanguage,
  },
  i18next: { ...i18nConfig, resources },
});
