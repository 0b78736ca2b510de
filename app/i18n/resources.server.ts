import { createHash } from "node:crypto";
import type { Resource } from "i18next";
import enAbout from "../../locales/en/about.json";
import enAdmin from "../../locales/en/admin.json";
import enApi from "../../locales/en/api.json";
import enAuth from "../../locales/en/auth.json";
import enChildren from "../../locales/en/children.json";
import enCommon from "../../locales/en/common.json";
import enEmail from "../../locales/en/email.json";
import enProfile from "../../locales/en/profile.json";
import enReferrals from "../../locales/en/referrals.json";
import enWizard from "../../locales/en/wizard.json";
import esAbout from "../../locales/es/about.json";
import esAdmin from "../../locales/es/admin.json";
import esApi from "../../locales/es/api.json";
import esAuth from "../../locales/es/auth.json";
import esChildren from "../../locales/es/children.json";
import esCommon from "../../locales/es/common.json";
import esEmail from "../../locales/es/email.json";
import esProfile from "../../locales/es/profile.json";
import esReferrals from "../../locales/es/referrals.json";
import esWizard from "../../locales/es/wizard.json";
import type { Language } from "./config";

// Bundled, so no file read per request. Add new namespaces here (a test fails until you do).
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    email: enEmail,
    profile: enProfile,
    children: enChildren,
    wizard: enWizard,
    referrals: enReferrals,
    admin: enAdmin,
    api: enApi,
    about: enAbout,
  },
  es: {
    common: esCommon,
    auth: esAuth,
    email: esEmail,
    profile: esProfile,
    children: esChildren,
    wizard: esWizard,
    referrals: esReferrals,
    admin: esAdmin,
    api: esApi,
    about: esAbout,
  },
} satisfies Record<Language, Resource[string]>;

/** Changes whenever any translation changes: the browser caches the files under it. */
export const resourcesVersion = createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 12);

/**
 * A namespace's translations, or null: only the resources' own names, never what every object inherits ("constructor").
 */
export function getNamespace(language: string, namespace: string): Record<string, unknown> | null {
  if (!Object.hasOwn(resources, language)) return null;
  const byLanguage = resources[language as Language] as Record<string, Record<string, unknown>>;
  return Object.hasOwn(byLanguage, namespace) ? byLanguage[namespace] : null;
}
