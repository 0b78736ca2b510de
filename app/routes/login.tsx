import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useSearchParams } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireAnonymous, signInWithForm, SIGN_IN_STEPS } from "~/auth/auth.server";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { useIdleReload } from "~/components/useIdleReload";
import { getPageTranslation } from "~/i18n/page.server";
import { resendVerification } from "~/models/account-flows.server";
import { SignInError, SignInLimitedError, type SignInOutcome } from "~/models/sign-in.server";
import { pageTitle, refused, submitForm } from "~/components/ui/page.server";
import { ResendVerificationSchema, SignInSchema } from "~/schemas/account";
import { rateLimitMessage } from "~/services/rate-limit.server";
import { safeRedirect } from "~/utils/redirect";
import { pageHeaders } from "~/components/ui/headers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth"], noscriptRefreshSeconds: 120 };
export const headers = pageHeaders;

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context.db);
  return json({ title: await pageTitle(request, "auth:login.title") });
});

/** Sends the link to verify the address again: the same answer whether or not the account exists or waits for it. */
async function resend(request: Request, db: ActionFunctionArgs["context"]["db"], formData: FormData) {
  return submitForm(
    request,
    formData,
    ResendVerificationSchema,
    async ({ email }, submission) => {
      await resendVerification(db, email);
      return json({ ...submission.reply({ resetForm: true }), resent: true });
    },
    { data: { resent: false } },
  );
}

/** Signs in, or goes on to the second factor's code or set-up (R129), then where they were going. */
async function signIn(request: Request, { db, clientIp }: ActionFunctionArgs["context"], formData: FormData) {
  const { t } = await getPageTranslation(request, ["auth", "common"]);
  const refusal = { hideFields: ["password"], data: { resent: false } };
  return submitForm(
    request,
    formData,
    SignInSchema,
    async ({ email, redirectTo }, submission) => {
      let outcome: SignInOutcome;
      try {
        outcome = await signInWithForm(request, db, clientIp);
      } catch (error) {
        if (error instanceof SignInLimitedError) {
          const headers = { "Retry-After": String(error.retryAfterSeconds) };
          return refused(submission, { ...refusal, status: 429, headers, formErrors: [rateLimitMessage(t, error)] });
        }
        if (!(error instanceof SignInError)) throw error;
        const unverifiedEmail = error.code === "unverified" ? email : undefined;
        return refused(submission, {
          ...refusal,
          formErrors: [t(`auth:login.errors.${error.code}`)],
          data: { resent: false, unverifiedEmail },
        });
      }
      const to = safeRedirect(redirectTo);
      const next = outcome.awaiting
        ? `${SIGN_IN_STEPS[outcome.awaiting]}?${new URLSearchParams({ redirectTo: to })}`
        : to;
      return redirect(next, { headers: { "Set-Cookie": outcome.cookie } });
    },
    refusal,
  );
}

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context.db);
  // remix-auth reads the body itself: the copy is for the form's checks first.
  const formData = await request.clone().formData();
  switch (formData.get("intent")) {
    case "resend":
      return resend(request, context.db, formData);
    default:
      return signIn(request, context, formData);
  }
});

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "common"]);
  const [searchParams] = useSearchParams();
  useIdleReload(2 * 60 * 1000);
  const { form, field, summary } = useAppForm({
    id: "login",
    schema: SignInSchema,
    labels: { email: t("login.email"), password: t("login.password") },
    shouldValidate: "onSubmit",
  });
  const unverified = lastResult && "unverifiedEmail" in lastResult ? lastResult.unverifiedEmail : undefined;
  const unverifiedEmail = typeof unverified === "string" ? unverified : undefined;

  return (
    <PublicShell>
      <h1>{t("login.title")}</h1>
      {searchParams.get("registrationComplete") ? (
        <Alert kind="success" role="status">
          {t("login.registrationComplete")}
        </Alert>
      ) : null}
      {searchParams.get("expired") ? (
        <Alert kind="info" role="status">
          {t("login.expired")}
        </Alert>
      ) : null}
      {lastResult?.resent ? (
        <Alert kind="success" role="status">
          {t("login.resent")}
        </Alert>
      ) : null}
      <ErrorSummary {...summary} />
      {unverifiedEmail ? (
        <Form method="post" className="resend-verification">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={unverifiedEmail} />
          <StatusButton className="usa-button usa-button--outline">{t("login.resend")}</StatusButton>
        </Form>
      ) : null}
      <p>{t("login.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="usa-form">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <TextField {...field("email")} type="email" autoComplete="username" spellCheck={false} />
        <TextField {...field("password")} type="password" autoComplete="current-password" />
        <div className="form-actions">
          <StatusButton className="usa-button">{t("login.submit")}</StatusButton>
          <Link to="/forgot-password">{t("login.forgot")}</Link>
        </div>
      </Form>
      <p>
        {t("login.noAccount")}{" "}
        {/* Loaded whole: the registration page's own policy lets its captcha's service draw the check. */}
        <Link to="/register" reloadDocument>
          {t("login.register")}
        </Link>
      </p>
    </PublicShell>
  );
}
