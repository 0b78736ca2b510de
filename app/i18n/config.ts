import type { InitOptions } from "i18next";

/** The interface languages inside i18next (BCP 47 tags, as `<html lang>` needs). */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The codes people and the API see (R26): en and sp. */
export type PublicLanguage = "en" | "sp";

export const DEFAULT_LANGUAGE: Language = "en";

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
} satisfies InitOptions;

export function toPublicLanguage(language: Language): PublicLanguage {
  return language === "es" ? "sp" : "en";
}

/** Reads `en`, `sp` (and `es`, which people type) into an interface language. */
export function fromPublicLanguage(code: string | null | undefined): Language | null {
  switch (code?.trim().toLowerCase()) {
    case "en":
      return "en";
    case "sp":
    case "es":
      return "es";
    default:
      return null;
  }
}
