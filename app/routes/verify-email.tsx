import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { getPageTranslation } from "~/i18n/page.server";
import { verifyEmail } from "~/models/account-token.server";
import { redirectWithToast } from "~/services/toast.server";

export const handle = { i18n: ["common", "auth"] };

// The link in the verification e-mail: it enables the account, then on to sign-in.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (token && (await verifyEmail(context.db, token)) === "verified") {
    return redirectWithToast("/login", { key: "toasts.emailVerified", kind: "success" });
  }
  const { title } = await getPageTranslation(request, ["auth", "common"]);
  return json({ title: title("auth:verify.title"), failed: true }, { status: 400 });
}

export function action() {
  return redirect("/login");
}

export default function VerifyEmail() {
  const { t } = useTranslation(["auth", "common"]);
  return (
    <PublicShell>
      <h1>{t("verify.title")}</h1>
      <Alert kind="error" role="alert">
        {t("verify.invalid")}
      </Alert>
      <p>
        <Link to="/login" className="usa-button">
          {t("login.submit")}
        </Link>
      </p>
    </PublicShell>
  );
}
