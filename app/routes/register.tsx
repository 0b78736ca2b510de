import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { requireAnonymous } from "~/auth/auth.server";
import {
  accountFieldLabels,
  NameFieldset,
  PhonesFieldset,
  SecurityQuestionsFieldset,
} from "~/components/AccountFields";
import { programContact } from "~/components/about/program-contact.server";
import { CaptchaCheck } from "~/components/captcha/CaptchaCheck";
import { PasswordField } from "~/components/PasswordField";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { Honeypot, RadioGroup, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { CaptchaRefusedError, register } from "~/models/account-flows.server";
import { InvalidChoiceError } from "~/models/errors";
import { getLookupOptions, nameFieldOptions } from "~/models/lookup.server";
import { pageTitle, refused, submitForm, type ReplyOptions } from "~/components/ui/page.server";
import { RegistrationSchema } from "~/schemas/account";
import { RegistrationSchema as RegistrationServerSchema } from "~/schemas/account.server";
import { CAPTCHA_PROVIDERS } from "~/services/captcha";
import { captchaWidget } from "~/services/captcha.server";
import { rateLimitMessage } from "~/services/rate-limit.server";
import { passwordStrength } from "~/utils/password";
import { logFor } from "~/services/log.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "auth", "about"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context.db);
  const db = context.db;
  const language = await getLanguage(request);
  return json({
    title: await pageTitle(request, "auth:register.title"),
    captcha: captchaWidget(),
    contact: programContact(),
    options: {
      ...(await nameFieldOptions(db, language)),
      questions: await getLookupOptions(db, "SecurityQuestion", language),
    },
  });
});

const SECRET_FIELDS = ["password", "securityAnswer1", "securityAnswer2"];

export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context.db);
  const db = context.db;
  const { t } = await getPageTranslation(request, ["auth", "common"]);
  const formData = await request.formData();
  // The captcha service's script wrote its token into a field of its own name.
  const captcha = captchaWidget();
  if (captcha) formData.set("captchaToken", String(formData.get(CAPTCHA_PROVIDERS[captcha.provider].tokenField) ?? ""));
  const strength = passwordStrength(String(formData.get("password") ?? ""));
  const refusal = { hideFields: SECRET_FIELDS, data: { strength, registrationError: false } };
  return submitForm(
    request,
    formData,
    RegistrationServerSchema,
    async (input, submission) => {
      const fail = (status: number, errors: ReplyOptions = {}, registrationError = false) =>
        refused(submission, { ...refusal, status, ...errors, data: { strength, registrationError } });
      // A robot filled the hidden field: it is told all went well, and nothing is made.
      if (input.website) return redirect("/login?registrationComplete=true");
      try {
        const outcome = await register(db, input, context.clientIp);
        if (outcome.status === "rateLimited") return fail(429, { formErrors: [rateLimitMessage(t, outcome.limit)] });
      } catch (error) {
        if (error instanceof InvalidChoiceError) return fail(400, { fieldErrors: error.fieldErrors });
        if (error instanceof CaptchaRefusedError) return fail(400, { formErrors: [t("auth:register.captchaRefused")] });
        logFor(request).error({ err: error }, "registration failed");
        // The form is shown again with all that was typed, under the REGISTRATION_ERROR alert.
        return fail(500, {}, true);
      }
      return redirect("/login?registrationComplete=true");
    },
    refusal,
  );
});

export default function Register() {
  const { options, captcha, contact } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "common"]);
  const { form, fields, field, summary } = useAppForm({
    id: "register",
    schema: RegistrationSchema,
    labels: accountFieldLabels(t, {
      email: t("register.email"),
      password: t("register.password"),
      primaryLanguage: t("register.primaryLanguage"),
    }),
  });

  return (
    <PublicShell>
      <h1>{t("register.title")}</h1>
      {lastResult?.registrationError ? (
        <Alert kind="error" role="alert" heading={t("register.errorHeading")}>
          <p>{t("register.errorBody")}</p>
          <a className="usa-button" href={`#${fields.firstName.id}`}>
            {t("register.goBack")}
          </a>
        </Alert>
      ) : null}
      <ErrorSummary {...summary} />
      <p>{t("register.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <NameFieldset field={field} options={options} />

        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("register.sections.account")}</legend>
          <TextField
            {...field("email")}
            hint={t("register.emailHint")}
            type="email"
            autoComplete="email"
            spellCheck={false}
          />
          <PasswordField
            {...field("password")}
            hint={t("register.passwordHint")}
            submittedStrength={lastResult?.strength ?? null}
          />
          <RadioGroup
            {...field("primaryLanguage")}
            options={[
              { value: "en", label: t("register.languages.en") },
              { value: "sp", label: t("register.languages.sp") },
            ]}
          />
        </fieldset>

        <SecurityQuestionsFieldset
          field={field}
          questions={options.questions}
          hint={t("register.securityHint")}
          clearAnswer={(name) => form.update({ name, value: "" })}
        />

        <PhonesFieldset field={field} />

        <Honeypot label={t("register.website")} />
        {captcha ? <CaptchaCheck {...captcha} contact={contact} /> : null}
        <div className="form-actions">
          <StatusButton className="usa-button">{t("register.submit")}</StatusButton>
          <Link to="/login">{t("register.haveAccount")}</Link>
        </div>
      </Form>
    </PublicShell>
  );
}
