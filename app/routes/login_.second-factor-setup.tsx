import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { getUser, requireSignInStep } from "~/auth/auth.server";
import { RecoveryCodes, SetupSteps, SignOut } from "~/components/second-factor/SecondFactor";
import { PublicShell } from "~/components/shell/PublicShell";
import { confirmSecondFactorAtSignIn, setupHolder } from "~/models/second-factor-sign-in.server";
import { pageTitle } from "~/components/ui/page.server";
import { NO_STORE, setupScreen, submitCode } from "~/components/second-factor/second-factor.server";
import { safeRedirect } from "~/utils/redirect";
import { pageHeaders } from "~/components/ui/headers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth"] };
export const headers = pageHeaders;

// An administrator without a second factor sets one up here before any other screen (R129); recovery codes shown once.

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  // Signed in: just confirmed (without JavaScript this loader runs in the action's request, whose cookie names the
  // replaced session) or came back; only the way on is left.
  if (context.signedInNow || (await getUser(request, context.db)))
    return json(
      { title: await pageTitle(request, "auth:secondFactor.codes.title"), setup: null },
      { headers: NO_STORE },
    );
  const { sessionIdHash } = await requireSignInStep(request, context.db, "setup");
  const holder = await setupHolder(context.db, sessionIdHash);
  const setup = await setupScreen(context.db, holder, sessionIdHash);
  return json({ title: await pageTitle(request, "auth:secondFactor.setup.title"), setup }, { headers: NO_STORE });
});

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const { sessionIdHash } = await requireSignInStep(request, context.db, "setup");
  return submitCode(request, await request.formData(), async (input, redirectTo) => {
    const { recoveryCodes, cookie } = await confirmSecondFactorAtSignIn(
      context.db,
      sessionIdHash,
      "code" in input ? input.code : "",
      context.clientIp,
    );
    // Signed in under a new session (R110), which this request's loader is told of.
    context.signedInNow = true;
    return json(
      { recoveryCodes, continueTo: safeRedirect(redirectTo) },
      { headers: { ...NO_STORE, "Set-Cookie": cookie } },
    );
  });
});

export default function SecondFactorSetup() {
  const { setup } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "common"]);
  const [searchParams] = useSearchParams();
  const continueTo = safeRedirect(searchParams.get("redirectTo"));
  if (done && "recoveryCodes" in done) {
    return (
      <PublicShell>
        <RecoveryCodes codes={done.recoveryCodes} continueTo={done.continueTo} />
      </PublicShell>
    );
  }
  if (!setup) {
    return (
      <PublicShell>
        <h1>{t("secondFactor.setup.doneTitle")}</h1>
        <p>{t("secondFactor.setup.done")}</p>
        <Link className="usa-button" to={continueTo}>
          {t("secondFactor.setup.continue")}
        </Link>
      </PublicShell>
    );
  }
  return (
    <PublicShell>
      <h1>{t("secondFactor.setup.title")}</h1>
      <SetupSteps
        intro={t("secondFactor.setup.requiredIntro")}
        qr={setup.qr}
        secretKey={setup.secretKey}
        redirectTo={searchParams.get("redirectTo") ?? ""}
        after={<SignOut />}
      />
    </PublicShell>
  );
}
