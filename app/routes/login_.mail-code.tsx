import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireSignInStep, SIGN_IN_STEPS } from "~/auth/auth.server";
import { SignOut, SixDigitField } from "~/components/second-factor/SecondFactor";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { mailCodeHolder, passMailCode, resendMailCode } from "~/models/second-factor-sign-in.server";
import { SignInLimitedError } from "~/models/sign-in.server";
import { pageTitle, submitForm } from "~/components/ui/page.server";
import { NO_STORE, refusedAsLimited } from "~/components/second-factor/second-factor.server";
import { MailCodeSchema } from "~/schemas/second-factor";
import { safeRedirect } from "~/utils/redirect";
import { pageHeaders } from "~/components/ui/headers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth"] };
export const headers = pageHeaders;

// Before binding an app at sign-in (after a promotion, staff assignment or reset), the mailed code (R129): the password
// alone binds nothing. Only signing out opens meanwhile.

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const { sessionIdHash } = await requireSignInStep(request, context.db, "mailCode");
  const { email } = await mailCodeHolder(context.db, sessionIdHash);
  return json({ title: await pageTitle(request, "auth:mailCode.title"), email }, { headers: NO_STORE });
});

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const { sessionIdHash } = await requireSignInStep(request, context.db, "mailCode");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "resend":
      return sendAgain(context.db, sessionIdHash);
    default:
      return takeCode(request, context, sessionIdHash, formData);
  }
});

/** A new code replaces the old; said here only, and the code form below starts afresh. */
async function sendAgain(db: ActionFunctionArgs["context"]["db"], sessionIdHash: string) {
  const sent = await resendMailCode(db, sessionIdHash);
  // `at` tells one answer from the next: the code's form starts again at each.
  const at = Date.now();
  if (sent.sent) return json({ resent: { minutes: 0, at } }, { headers: NO_STORE });
  const minutes = Math.ceil(sent.retryAfterSeconds / 60);
  return json(
    { resent: { minutes, at } },
    { status: 429, headers: { ...NO_STORE, "Retry-After": String(sent.retryAfterSeconds) } },
  );
}

async function takeCode(
  request: Request,
  { db, clientIp }: ActionFunctionArgs["context"],
  sessionIdHash: string,
  formData: FormData,
) {
  return submitForm(request, formData, MailCodeSchema, async (value, submission) => {
    try {
      await passMailCode(db, sessionIdHash, value.code, clientIp);
    } catch (error) {
      if (!(error instanceof SignInLimitedError)) throw error;
      return refusedAsLimited(request, submission, error, { headers: NO_STORE });
    }
    return redirect(`${SIGN_IN_STEPS.setup}?${new URLSearchParams({ redirectTo: safeRedirect(value.redirectTo) })}`);
  });
}

export default function MailCode() {
  const { email } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["auth", "common"]);
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const answer = useActionData<typeof action>();
  const resent = answer && "resent" in answer ? answer.resent : null;
  return (
    <PublicShell>
      <h1>{t("mailCode.title")}</h1>
      <p>{t("mailCode.intro", { email })}</p>
      {resent ? (
        <Alert kind={resent.minutes ? "error" : "success"} role={resent.minutes ? "alert" : "status"} slim>
          {resent.minutes ? t("mailCode.limited", { minutes: resent.minutes }) : t("mailCode.sent")}
        </Alert>
      ) : null}
      {/* A new code sent: the form starts again, without the errors of the code before. */}
      <CodeForm
        key={resent ? `resent-${resent.at}` : "code"}
        redirectTo={redirectTo}
        lastResult={resent ? null : undefined}
      />
      <h2>{t("mailCode.notArrivedHeading")}</h2>
      <p>{t("mailCode.notArrived")}</p>
      <Form method="post">
        <StatusButton name="intent" value="resend" className="usa-button usa-button--outline">
          {t("mailCode.resend")}
        </StatusButton>
      </Form>
      <SignOut />
    </PublicShell>
  );
}

/** The code's form: six digits, typed or given by the phone from the mail (one-time-code). */
function CodeForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: null }) {
  const { t } = useTranslation(["auth", "common"]);
  const { form, field, summary } = useAppForm({
    id: "mail-code",
    schema: MailCodeSchema,
    labels: { code: t("mailCode.label") },
    shouldValidate: "onSubmit",
    ...(lastResult === undefined ? {} : { lastResult }),
  });
  return (
    <>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SixDigitField {...field("code")} hint={t("mailCode.hint")} />
        <StatusButton className="usa-button">{t("mailCode.submit")}</StatusButton>
      </Form>
    </>
  );
}
