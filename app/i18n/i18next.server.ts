import { createCookie } from "@remix-run/node";
import { createInstance, type i18n, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, fromPublicLanguage, i18nConfig, toPublicLanguage, type Language } from "./config";
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

/** ?lang= first, then the cookie, then English. The browser's Accept-Language is not used (docs/product-rules.md R27). */
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

const NAMESPACES = Object.keys(resources.en);
const instances = new Map<Language, Promise<i18n>>();

/**
 * One i18next instance per language for the life of the process (the resources never change
 * while it runs), rather than a new one initialized for each request: the loaders' translate
 * functions, the mails, the reports and the API use these. The pages render with app/i18n/translate.ts,
 * which reads the same files the same way (translate.test.ts) and is all the browser loads.
 */
function i18nInstance(language: Language): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created.init({ ...i18nConfig, lng: language, ns: NAMESPACES, resources }).then(() => created);
    instances.set(language, instance);
  }
  return instance;
}

/** The translate function of a language (or of the request's language), for the namespaces named. */
export async function fixedT(languageOrRequest: Language | Request, namespaces: string | string[] = "common"): Promise<TFunction> {
  const language = typeof languageOrRequest === "string" ? languageOrRequest : await getLanguage(languageOrRequest);
  return (await i18nInstance(language)).getFixedT(language, namespaces);
}
