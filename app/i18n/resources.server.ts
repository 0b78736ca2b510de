import { createHash } from "node:crypto";
import type { Resource } from "i18next";
import enCommon from "../../locales/en/common.json";
import esCommon from "../../locales/es/common.json";
import type { Language } from "./config";

// Bundled into the server build, so no file is read per request. A new namespace is added
// here and in NAMESPACES (app/i18n/config.ts).
export const resources = {
  en: { common: enCommon },
  es: { common: esCommon },
} satisfies Record<Language, Resource[string]>;

/** Changes whenever any translation changes: the browser caches the files under it. */
export const resourcesVersion = createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 12);

export function getNamespace(language: string, namespace: string): Record<string, unknown> | null {
  const byLanguage = (resources as Record<string, Record<string, Record<string, unknown>>>)[language];
  return byLanguage?.[namespace] ?? null;
}
