import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireSession } from "~/auth/auth.server";
import { CodeForm, RecoveryCodes, SetupSteps, useRecoveryChoice } from "~/components/second-factor/SecondFactor";
import { confirmSecondFactor, removeSecondFactor, secondFactorOf } from "~/models/second-factor.server";
import { pageTitle } from "~/components/ui/page.server";
import { NO_STORE, setupScreen, submitCode } from "~/components/second-factor/second-factor.server";
import { redirectWithToast } from "~/services/toast.server";
import { idParam, notFound, route } from "~/utils/route.server";
import { pageHeaders } from "~/components/ui/headers";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth"] };
export const headers = pageHeaders;

// A person's own second factor, from their profile (R129): a referrer may set one up (the same
// screens an administrator is led to at sign-in) and turn it off with a code; an administrator keeps theirs.

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user: actor, sessionIdHash } = await requireSession(request, context.db);
  // One's own only: anyone else's is answered as if it did not exist.
  if (idParam(params.id) !== actor.id) notFound();
  const status = await secondFactorOf(context.db, actor, actor.id);
  const setup = status.enabled ? null : await setupScreen(context.db, actor, sessionIdHash);
  const title = status.enabled ? "auth:secondFactor.profile.heading" : "auth:secondFactor.setup.title";
  return json(
    { title: await pageTitle(request, title), profile: `/app/profile/${actor.id}`, status, setup },
    { headers: NO_STORE },
  );
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const { user: actor, sessionIdHash } = await requireSession(request, context.db);
  if (idParam(params.id) !== actor.id) notFound();
  const profile = `/app/profile/${actor.id}`;
  const form = await request.formData();
  return submitCode(request, form, async (input) => {
    if (form.get("intent") === "remove") {
      await removeSecondFactor(context.db, actor, input, context.clientIp);
      return redirectWithToast(profile, { key: "toasts.secondFactorOff" });
    }
    const { recoveryCodes } = await confirmSecondFactor(
      context.db,
      actor,
      sessionIdHash,
      "code" in input ? input.code : "",
      context.clientIp,
    );
    return json({ recoveryCodes, continueTo: profile }, { headers: NO_STORE });
  });
});

export default function OwnSecondFactor() {
  const { profile, status, setup } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "common"]);
  const { recovery, otherHref } = useRecoveryChoice();
  const back = (
    <p>
      <Link to={profile}>{t("secondFactor.back")}</Link>
    </p>
  );
  if (done && "recoveryCodes" in done) return <RecoveryCodes codes={done.recoveryCodes} continueTo={done.continueTo} />;
  if (setup) {
    return (
      <div>
        <h1>{t("secondFactor.setup.title")}</h1>
        <SetupSteps
          intro={t(status.required ? "secondFactor.setup.requiredIntro" : "secondFactor.setup.optionalIntro")}
          qr={setup.qr}
          secretKey={setup.secretKey}
          intent="confirm"
          after={back}
        />
      </div>
    );
  }
  return (
    <div>
      <h1>{t("secondFactor.profile.heading")}</h1>
      <p>
        {t("secondFactor.profile.on", { count: status.recoveryCodesLeft })}
        {status.required ? ` ${t("secondFactor.profile.required")}` : null}
      </p>
      {status.required ? null : (
        <section aria-labelledby="second-factor-remove">
          <h2 id="second-factor-remove">{t("secondFactor.remove.heading")}</h2>
          <p>{t("secondFactor.remove.intro")}</p>
          <CodeForm
            key={recovery ? "recovery" : "code"}
            id={`second-factor-remove-${recovery ? "recovery" : "code"}`}
            recovery={recovery}
            intent="remove"
            submitLabel={t("secondFactor.remove.submit")}
            buttonClassName="usa-button usa-button--secondary"
          />
          <p>
            <Link to={otherHref}>{t(recovery ? "secondFactor.remove.useApp" : "secondFactor.remove.useRecovery")}</Link>
          </p>
        </section>
      )}
      {back}
    </div>
  );
}
