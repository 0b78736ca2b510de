import type { TFunction } from "i18next";
import { i18next } from "./i18next.server";

/** The translate function of the request's language, and a page title built from a key. */
export async function getPageTranslation(request: Request, namespaces: string | string[] = "common") {
  const t = await i18next.getFixedT(request, namespaces as "common");
  return { t, title: (pageKey: string, options: { error?: boolean } = {}) => pageTitle(t, pageKey, options) };
}

/** "Page | Application", with "Error: " in front when the page shows an error (GOV.UK pattern). */
export function pageTitle(t: TFunction, pageKey: string, { error = false } = {}): string {
  const title = t("common:titleTemplate", { page: t(pageKey) });
  return error ? t("common:errorTitlePrefix") + title : title;
}
