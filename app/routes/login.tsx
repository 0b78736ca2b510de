import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PublicShell } from "~/components/shell/PublicShell";
import { getPageTranslation } from "~/i18n/page.server";
import { titleMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { title } = await getPageTranslation(request);
  return json({ title: title("pages.login") });
}

export const meta = titleMeta;

export default function Login() {
  const { t } = useTranslation();
  return (
    <PublicShell>
      <div className="usa-prose">
        <h1>{t("pages.login")}</h1>
        <p>{t("login.intro")}</p>
      </div>
    </PublicShell>
  );
}
