import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireAnonymous } from "~/auth/auth.server";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { Honeypot, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { getPageTranslation } from "~/i18n/page.server";
import { forgotPassword } from "~/models/account-flows.server";
import { pageTitle, refused, submitForm } from "~/components/ui/page.server";
import { ForgotPasswordSchema } from "~/schemas/account";
import { rateLimitMessage } from "~/services/rate-limit.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context.db);
  return json({ title: await pageTitle(request, "auth:forgot.title") });
});

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const { t } = await getPageTranslation(request, ["auth", "common"]);
  return submitForm(
    request,
    await request.formData(),
    ForgotPasswordSchema,
    async (value, submission) => {
      const outcome = await forgotPassword(context.db, value, context.clientIp);
      if (outcome.status === "rateLimited") {
        return refused(submission, {
          status: 429,
          formErrors: [rateLimitMessage(t, outcome.limit)],
          data: { sent: false },
        });
      }
      return json({ ...submission.reply({ resetForm: true }), sent: true });
    },
    { data: { sent: false } },
  );
});

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "common"]);
  const { form, field, summary } = useAppForm({
    id: "forgot",
    schema: ForgotPasswordSchema,
    labels: { email: t("forgot.email") },
    shouldValidate: "onSubmit",
  });
  return (
    <PublicShell>
      <h1>{t("forgot.title")}</h1>
      {lastResult?.sent ? (
        <Alert kind="success" role="status">
          {t("forgot.sent")}
        </Alert>
      ) : null}
      <ErrorSummary {...summary} />
      <p>{t("forgot.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="usa-form">
        <TextField {...field("email")} type="email" autoComplete="username" spellCheck={false} />
        <Honeypot label={t("register.website")} />
        <div className="form-actions">
          <StatusButton className="usa-button">{t("forgot.submit")}</StatusButton>
          <Link to="/login">{t("forgot.backToLogin")}</Link>
        </div>
      </Form>
    </PublicShell>
  );
}
