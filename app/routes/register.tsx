import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { requireAnonymous } from "~/auth/auth.server";
import { PasswordField } from "~/components/PasswordField";
import { PhoneField } from "~/components/PhoneField";
import { PublicShell } from "~/components/shell/PublicShell";
import { Alert } from "~/components/ui/Alert";
import { ErrorSummary, Honeypot, RadioGroup, SelectField, summarize, TextField } from "~/components/ui/form";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { createEmailVerification } from "~/models/account-token.server";
import { InvalidChoiceError } from "~/models/errors";
import { getLookupOptions } from "~/models/lookup.server";
import { EmailTakenError, getMailRecipient, registerUser } from "~/models/user.server";
import { RegistrationSchema } from "~/schemas/account";
import { verifyCaptcha } from "~/services/captcha.server";
import { sendVerificationEmail } from "~/services/emails.server";
import { hitRateLimit, rateLimitMessage } from "~/services/rate-limit.server";
import { passwordStrength } from "~/utils/password";

export const handle = { i18n: ["common", "auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const db = getDb();
  const language = await getLanguage(request);
  const { title } = await getPageTranslation(request, ["auth", "common"]);
  return json({
    title: title("auth:register.title"),
    options: {
      prefixes: await getLookupOptions(db, "Prefixes", language),
      suffixes: await getLookupOptions(db, "Suffixes", language),
      references: await getLookupOptions(db, "References", language),
      questions: await getLookupOptions(db, "SecurityQuestion", language),
    },
  });
}

const SECRET_FIELDS = ["password", "securityAnswer1", "securityAnswer2"];

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const db = getDb();
  const { t } = await getPageTranslation(request, ["auth", "common"]);
  const formData = await request.formData();
  const strength = passwordStrength(String(formData.get("password") ?? ""));
  const submission = parseWithZod(formData, { schema: RegistrationSchema });
  const fail = (status: number, extra: Parameters<typeof submission.reply>[0] = {}) =>
    json({ ...submission.reply({ hideFields: SECRET_FIELDS, ...extra }), strength, registrationError: false }, { status });

  if (submission.status !== "success") return fail(400);
  const input = submission.value;
  // A robot filled the hidden field: it is told all went well, and nothing is made.
  if (input.website) return redirect("/login?registrationComplete=true");

  const limit = await hitRateLimit(db, "register", context.clientIp ?? "unknown");
  if (!limit.allowed) {
    return fail(429, { formErrors: [rateLimitMessage(t, limit)] });
  }
  try {
    if (!(await verifyCaptcha(input.captchaToken, context.clientIp))) throw new Error("captcha refused");
    const { id } = await registerUser(db, input);
    const recipient = await getMailRecipient(db, id);
    if (recipient) await sendVerificationEmail(recipient, await createEmailVerification(db, id));
  } catch (error) {
    if (error instanceof EmailTakenError) return fail(400, { fieldErrors: { email: ["auth:register.emailTaken"] } });
    if (error instanceof InvalidChoiceError) return fail(400, { fieldErrors: error.fieldErrors });
    console.error("registration failed", error);
    // The form is shown again with all that was typed, under the REGISTRATION_ERROR alert.
    return json({ ...submission.reply({ hideFields: SECRET_FIELDS }), status: "error" as const, strength, registrationError: true }, { status: 500 });
  }
  return redirect("/login?registrationComplete=true");
}

export default function Register() {
  const { options } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "common"]);
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegistrationSchema }),
  });
  const initial = (name: string) => {
    const value = (form.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : "";
  };
  // Each question list leaves out the other's choice; choosing a question clears its answer.
  const [question1, setQuestion1] = useState(initial("securityQuestion1"));
  const [question2, setQuestion2] = useState(initial("securityQuestion2"));

  const labelled: Array<[typeof fields.email, string]> = [
    [fields.prefix, t("register.prefix")],
    [fields.firstName, t("register.firstName")],
    [fields.middleName, t("register.middleName")],
    [fields.lastName, t("register.lastName")],
    [fields.suffix, t("register.suffix")],
    [fields.reference, t("register.reference")],
    [fields.email, t("register.email")],
    [fields.password, t("register.password")],
    [fields.securityQuestion1, t("register.securityQuestion1")],
    [fields.securityAnswer1, t("register.securityAnswer1")],
    [fields.securityQuestion2, t("register.securityQuestion2")],
    [fields.securityAnswer2, t("register.securityAnswer2")],
    [fields.primaryLanguage, t("register.primaryLanguage")],
    [fields.homePhoneNumber, t("register.homePhone")],
    [fields.workPhoneNumber, t("register.workPhone")],
    [fields.mobilePhoneNumber, t("register.mobilePhone")],
  ];

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
      <ErrorSummary items={summarize(t, labelled)} formErrors={form.errors} focusKey={lastResult} />
      <p>{t("register.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("register.sections.name")}</legend>
          <SelectField meta={fields.prefix} label={t("register.prefix")} options={options.prefixes} optional autoComplete="honorific-prefix" />
          <TextField meta={fields.firstName} label={t("register.firstName")} autoComplete="given-name" />
          <TextField meta={fields.middleName} label={t("register.middleName")} optional autoComplete="additional-name" />
          <TextField meta={fields.lastName} label={t("register.lastName")} autoComplete="family-name" />
          <SelectField meta={fields.suffix} label={t("register.suffix")} options={options.suffixes} optional autoComplete="honorific-suffix" />
          <SelectField meta={fields.reference} label={t("register.reference")} options={options.references} />
        </fieldset>

        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("register.sections.account")}</legend>
          <TextField meta={fields.email} label={t("register.email")} hint={t("register.emailHint")} type="email" autoComplete="email" spellCheck={false} />
          <PasswordField
            meta={fields.password}
            label={t("register.password")}
            hint={t("register.passwordHint")}
            submittedStrength={lastResult?.strength ?? null}
          />
          <RadioGroup
            meta={fields.primaryLanguage}
            legend={t("register.primaryLanguage")}
            options={[
              { value: "en", label: t("register.languages.en") },
              { value: "sp", label: t("register.languages.sp") },
            ]}
          />
        </fieldset>

        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("register.sections.security")}</legend>
          <p className="usa-hint">{t("register.securityHint")}</p>
          <SelectField
            meta={fields.securityQuestion1}
            label={t("register.securityQuestion1")}
            options={options.questions.filter((option) => option.value !== question2)}
            onChange={(event) => {
              setQuestion1(event.currentTarget.value);
              form.update({ name: fields.securityAnswer1.name, value: "" });
            }}
          />
          <TextField meta={fields.securityAnswer1} label={t("register.securityAnswer1")} autoComplete="off" />
          <SelectField
            meta={fields.securityQuestion2}
            label={t("register.securityQuestion2")}
            options={options.questions.filter((option) => option.value !== question1)}
            onChange={(event) => {
              setQuestion2(event.currentTarget.value);
              form.update({ name: fields.securityAnswer2.name, value: "" });
            }}
          />
          <TextField meta={fields.securityAnswer2} label={t("register.securityAnswer2")} autoComplete="off" />
        </fieldset>

        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("register.sections.contact")}</legend>
          <p className="usa-hint">{t("register.phonesHint")}</p>
          <PhoneField meta={fields.homePhoneNumber} label={t("register.homePhone")} />
          <PhoneField meta={fields.workPhoneNumber} label={t("register.workPhone")} />
          <PhoneField meta={fields.mobilePhoneNumber} label={t("register.mobilePhone")} />
        </fieldset>

        <Honeypot label={t("register.website")} />
        <div className="form-actions">
          <button type="submit" className="usa-button">
            {t("register.submit")}
          </button>
          <Link to="/login">{t("register.haveAccount")}</Link>
        </div>
      </Form>
    </PublicShell>
  );
}
