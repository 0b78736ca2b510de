import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireAnonymous } from "~/auth/auth.server";
import { PasswordField } from "~/components/PasswordField";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { submitNewPassword, submitSecurityAnswers } from "~/models/account-flows.server";
import { inspectResetToken } from "~/models/account-token.server";
import { getLookupLabel } from "~/models/lookup.server";
import { pageTitle, refused, submitForm, type ReplyOptions } from "~/components/ui/page.server";
import { ResetPasswordSchema, SecurityAnswersSchema } from "~/schemas/account";
import { ResetPasswordSchema as ResetPasswordServerSchema } from "~/schemas/account.server";
import { rateLimitMessage } from "~/services/rate-limit.server";
import { redirectWithToast } from "~/services/toast.server";
import { passwordStrength, type PasswordStrength } from "~/utils/password";
import { logFor } from "~/services/log.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth"] };

// The token is in the address: Referrer-Policy same-origin for this path (app/server/security.ts) keeps it here.

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context.db);
  const db = context.db;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const language = await getLanguage(request);
  const state = await inspectResetToken(db, token);
  return json(
    {
      title: await pageTitle(request, "auth:reset.title"),
      failed: !state.validToken,
      token,
      state,
      question1: await getLookupLabel(db, "SecurityQuestion", state.securityQuestion1, language),
      question2: await getLookupLabel(db, "SecurityQuestion", state.securityQuestion2, language),
    },
    { status: state.validToken ? 200 : 400 },
  );
});

type Outcome = "wrongAnswers" | "tooMany" | "invalidToken" | "saveError" | null;

/** A refused step: the form again, with what ended it (`outcome`) and the meter's reading of the new password. */
function fail(
  submission: Parameters<typeof refused>[0],
  status: number,
  reply: ReplyOptions,
  { outcome = null, strength = null }: { outcome?: Outcome; strength?: PasswordStrength | null } = {},
) {
  return refused(submission, { status, ...reply, data: { outcome, strength } });
}

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context.db);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "answers":
      return answerQuestions(request, context, formData);
    default:
      return chooseNewPassword(request, context, formData);
  }
});

/** The two security answers: right, the new password's form; wrong, said, until the attempts run out. */
async function answerQuestions(request: Request, { db, clientIp }: ActionFunctionArgs["context"], formData: FormData) {
  const { t } = await getPageTranslation(request, ["auth", "common"]);
  const url = new URL(request.url);
  return submitForm(
    request,
    formData,
    SecurityAnswersSchema,
    async (value, submission) => {
      const result = await submitSecurityAnswers(db, value, clientIp);
      if (result.status === "rateLimited")
        return fail(submission, 429, { formErrors: [rateLimitMessage(t, result.limit)] });
      if (result.status === "ok") return redirect(url.pathname + url.search);
      const outcome: Outcome = result.status === "invalid" || result.attemptsLeft <= 0 ? "tooMany" : "wrongAnswers";
      const message = outcome === "wrongAnswers" ? [t("auth:reset.wrongAnswers")] : [];
      return fail(
        submission,
        400,
        { formErrors: message, hideFields: ["securityAnswer1", "securityAnswer2"] },
        { outcome },
      );
    },
    { data: { outcome: null, strength: null } },
  );
}

/** The new password, once the answers were right: the account's password changes and the sign-in page says so. */
async function chooseNewPassword(
  request: Request,
  { db, clientIp }: ActionFunctionArgs["context"],
  formData: FormData,
) {
  const { t } = await getPageTranslation(request, ["auth", "common"]);
  const url = new URL(request.url);
  const strength = passwordStrength(String(formData.get("plainPassword") ?? ""));
  const hidden = { hideFields: ["plainPassword"] };
  return submitForm(
    request,
    formData,
    ResetPasswordServerSchema,
    async (value, submission) => {
      try {
        const result = await submitNewPassword(db, value, clientIp);
        if (result.status === "rateLimited")
          return fail(submission, 429, { formErrors: [rateLimitMessage(t, result.limit)], ...hidden }, { strength });
        if (result.status === "reset")
          return redirectWithToast("/login", { key: "toasts.passwordReset", kind: "success" });
        if (result.status === "unanswered") return redirect(url.pathname + url.search);
        return fail(submission, 400, hidden, { outcome: "invalidToken", strength });
      } catch (error) {
        logFor(request).error({ err: error }, "password reset failed");
        return fail(submission, 500, hidden, { outcome: "saveError", strength });
      }
    },
    { ...hidden, data: { outcome: null, strength } },
  );
}

function Ending({ message }: { message: "invalidToken" | "tooMany" | "saveError" }) {
  const { t } = useTranslation(["auth", "common"]);
  return (
    <>
      <Alert kind="error" role="alert">
        {t(`reset.${message}`)}
      </Alert>
      <p className="form-actions">
        <Link to="/login" className="usa-button">
          {t("login.submit")}
        </Link>
        {message !== "saveError" ? <Link to="/forgot-password">{t("reset.requestNew")}</Link> : null}
      </p>
    </>
  );
}

export default function ResetPassword() {
  const { state } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "common"]);
  const outcome = lastResult?.outcome;
  const ending =
    outcome === "tooMany" || outcome === "invalidToken" || outcome === "saveError"
      ? outcome
      : !state.validToken
        ? "invalidToken"
        : null;

  return (
    <PublicShell>
      <h1>{t("reset.title")}</h1>
      {ending ? <Ending message={ending} /> : state.answersVerified ? <NewPasswordForm /> : <SecurityAnswersForm />}
    </PublicShell>
  );
}

/** The first step: the account's two security answers. */
function SecurityAnswersForm() {
  const { token, state, question1, question2 } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["auth", "common"]);
  const { form, field, summary } = useAppForm({
    id: "reset-answers",
    schema: SecurityAnswersSchema,
    labels: { securityAnswer1: question1 ?? "", securityAnswer2: question2 ?? "" },
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="intent" value="answers" />
        <p>{t("reset.questionsIntro")}</p>
        <p className="usa-hint">{t("reset.attemptsLeft", { count: state.attemptsLeft })}</p>
        {/* Recalled, not recognised: a password manager may fill them and they may be pasted (WCAG 3.3.8, R173). */}
        <TextField {...field("securityAnswer1")} autoComplete="on" />
        <TextField {...field("securityAnswer2")} autoComplete="on" />
        <div className="form-actions">
          <StatusButton className="usa-button">{t("reset.submitAnswers")}</StatusButton>
        </div>
      </Form>
    </>
  );
}

/** The second step, once the answers are right: the new password. */
function NewPasswordForm() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "common"]);
  const { form, field, summary } = useAppForm({
    id: "reset-password",
    schema: ResetPasswordSchema,
    labels: { plainPassword: t("reset.password") },
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form">
        <input type="hidden" name="token" value={token} />
        <p>{t("reset.passwordIntro")}</p>
        <PasswordField
          {...field("plainPassword")}
          hint={t("register.passwordHint")}
          submittedStrength={lastResult?.strength ?? null}
        />
        <div className="form-actions">
          <StatusButton className="usa-button">{t("reset.submit")}</StatusButton>
        </div>
      </Form>
    </>
  );
}
