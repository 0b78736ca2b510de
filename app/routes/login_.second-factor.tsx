import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireSignInStep } from "~/auth/auth.server";
import { CodeForm, SignOut, useRecoveryChoice } from "~/components/second-factor/SecondFactor";
import { PublicShell } from "~/components/shell/PublicShell";
import { passSecondFactor } from "~/models/second-factor-sign-in.server";
import { pageTitle } from "~/components/ui/page.server";
import { NO_STORE, submitCode } from "~/components/second-factor/second-factor.server";
import { safeRedirect } from "~/utils/redirect";
import { pageHeaders } from "~/components/ui/headers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth"] };
export const headers = pageHeaders;

// The sign-in's second step (R129): past the password, the code of the person's authenticator
// app, or one of their recovery codes (?recovery=1). Nothing else opens until then but signing out.

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSignInStep(request, context.db, "code");
  const recovery = new URL(request.url).searchParams.get("recovery") === "1";
  return json(
    { title: await pageTitle(request, recovery ? "auth:secondFactor.recovery.title" : "auth:secondFactor.code.title") },
    { headers: NO_STORE },
  );
});

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const { sessionIdHash } = await requireSignInStep(request, context.db, "code");
  return submitCode(request, await request.formData(), async (input, redirectTo) => {
    // Signed in under a new session: the one that waited for the code is gone (R110).
    const { cookie } = await passSecondFactor(context.db, sessionIdHash, input, context.clientIp);
    return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": cookie } });
  });
});

export default function SecondFactorCode() {
  const { t } = useTranslation(["auth", "common"]);
  const [searchParams] = useSearchParams();
  const { recovery, otherHref } = useRecoveryChoice();
  const mode = recovery ? "recovery" : "code";
  return (
    <PublicShell>
      <h1>{t(`secondFactor.${mode}.title`)}</h1>
      <p>{t(`secondFactor.${mode}.intro`)}</p>
      <CodeForm
        key={mode}
        id={`second-factor-${mode}`}
        recovery={recovery}
        submitLabel={t(`secondFactor.${mode}.submit`)}
        redirectTo={searchParams.get("redirectTo") ?? ""}
      />
      <p>
        <Link to={otherHref}>{t(recovery ? "secondFactor.recovery.useApp" : "secondFactor.code.useRecovery")}</Link>
      </p>
      {recovery ? <p>{t("secondFactor.recovery.lostBoth")}</p> : null}
      <SignOut />
    </PublicShell>
  );
}
