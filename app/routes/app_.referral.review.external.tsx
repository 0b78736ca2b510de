import { json, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { getPageTranslation } from "~/i18n/page.server";

// Read-only review through a token link, without signing in. No review link can exist until
// administrators can make them, so every token fails the look-up and the page says so.
export async function loader({ request }: LoaderFunctionArgs) {
  const { title } = await getPageTranslation(request);
  return json({ title: title("pages.externalReview"), failed: true }, { status: 404 });
}

export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

export default function ExternalReview() {
  const { t } = useTranslation();
  return (
    <PublicShell>
      <h1>{t("pages.externalReview")}</h1>
      <Alert kind="error" role="alert">
        {t("externalReview.errorFetching")}
      </Alert>
      <p className="no-data">{t("externalReview.noData")}</p>
    </PublicShell>
  );
}
