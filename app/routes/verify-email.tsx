import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { getPageTranslation } from "~/i18n/page.server";
import { verifyEmail } from "~/models/account-token.server";
import { redirectWithToast } from "~/services/toast.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth"] };

// The link in a verification e-mail: it enables a new account, or moves an account to the new e-mail address it was
// sent to (R3, R13), then on to sign-in (which leads anyone signed in to their dashboard).
export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = token ? await verifyEmail(context.db, token) : "invalid";
  if (outcome === "verified") return redirectWithToast("/login", { key: "toasts.emailVerified", kind: "success" });
  if (outcome === "emailChanged") return redirectWithToast("/login", { key: "toasts.emailChanged", kind: "success" });
  const { title } = await getPageTranslation(request, ["auth", "common"]);
  return json({ title: title("auth:verify.title"), failed: true, outcome }, { status: 400 });
});

export const action = /* @__PURE__ */ route(function action() {
  return redirect("/login");
});

export default function VerifyEmail() {
  const { outcome } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["auth", "common"]);
  return (
    <PublicShell>
      <h1>{t("verify.title")}</h1>
      <Alert kind="error" role="alert">
        {t(`verify.${outcome}`)}
      </Alert>
      <p>
        <Link to="/login" className="usa-button">
          {t("login.submit")}
        </Link>
      </p>
    </PublicShell>
  );
}
