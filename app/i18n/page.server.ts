import { fixedT } from "./i18next.server";

/** The request's translate function and a "Page | Application" title; `failed: true` adds "Error: " (pageMeta). */
export async function getPageTranslation(request: Request, namespaces: string | string[] = "common") {
  const t = await fixedT(request, namespaces);
  return {
    t,
    title: (pageKey: string, values: Record<string, string> = {}) =>
      t("common:titleTemplate", { page: t(pageKey, values) }),
  };
}
