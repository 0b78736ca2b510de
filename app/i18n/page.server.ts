import { fixedT } from "./i18next.server";

/**
 * The translate function of the request's language, and a page title built from a key
 * ("Page | Application"). A loader whose page shows an error also returns `failed: true`;
 * the routes' meta (pageMeta, app/components/title.tsx) then puts "Error: " in front.
 */
export async function getPageTranslation(request: Request, namespaces: string | string[] = "common") {
  const t = await fixedT(request, namespaces);
  return {
    t,
    title: (pageKey: string, values: Record<string, string> = {}) => t("common:titleTemplate", { page: t(pageKey, values) }),
  };
}
