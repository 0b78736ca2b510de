import { createCookie } from "@remix-run/node";
import { createInstance, type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
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
 * (remix-i18next's server helper made a new instance at each call; its client and React parts are used.)
 * One i18next instance per language for the life of the process (the resources never change
 * while it runs), rather than a new one initialized for each request: the page render, the
 * loaders' translate functions and the mails all use these.
 */
export function i18nInstance(language: Language): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng: language, ns: NAMESPACES, resources })
      .then(() => rememberingPlainTexts(created));
    instances.set(language, instance);
  }
  return instance;
}

/** What a translate function receives with a key and nothing else (its language, namespaces and key prefix). */
const PLAIN_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/**
 * A key asked with no values, count, context or default gives the same text every time (the resources never change
 * while the process runs), and a page asks a hundred of them: each is looked up once per process, not on every
 * render. Anything else is translated as asked.
 */
export function rememberingPlainTexts(instance: i18n): i18n {
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown;
  const texts = new Map<string, unknown>();
  instance.t = ((key: unknown, options?: Record<string, unknown>) => {
    if (typeof key !== "string" || (options && Object.keys(options).some((name) => !PLAIN_OPTIONS.has(name)))) return translate(key, options);
    const id = [options?.lng, options?.lngs, options?.ns, options?.keyPrefix, key]
      .map((part) => (Array.isArray(part) ? part.join(",") : String(part)))
      .join("\u0000");
    let text = texts.get(id);
    if (text === undefined) {
      text = translate(key, options);
      texts.set(id, text);
    }
    return text;
  }) as i18n["t"];
  return instance;
}

/** The translate function of a language (or of the request's language), for the namespaces named. */
export async function fixedT(languageOrRequest: Language | Request, namespaces: string | string[] = "common"): Promise<TFunction> {
  const language = typeof languageOrRequest === "string" ? languageOrRequest : await getLanguage(languageOrRequest);
  return (await i18nInstance(language)).getFixedT(language, namespaces);
}
