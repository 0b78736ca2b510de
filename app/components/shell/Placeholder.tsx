import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin, requireUser } from "~/auth/auth.server";
import { getPageTranslation } from "~/i18n/page.server";

/** A screen whose route, guard and title exist while its issue is still open. */
export function placeholderLoader(pageKey: string, { adminOnly = false } = {}) {
  return async function loader({ request }: LoaderFunctionArgs) {
    await (adminOnly ? requireAdmin(request) : requireUser(request));
    const { title } = await getPageTranslation(request);
    return json({ title: title(pageKey), pageKey });
  };
}

export function PlaceholderPage() {
  const { pageKey } = useLoaderData<{ pageKey: string }>();
  const { t } = useTranslation();
  return (
    <div className="usa-prose">
      <h1>{t(pageKey)}</h1>
      <p>{t("placeholder")}</p>
    </div>
  );
}
