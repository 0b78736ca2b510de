import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PhoneField } from "~/components/PhoneField";
import { SelectField, summarize, TextField } from "~/components/ui/form";
import { getLookupOptions } from "~/models/lookup.server";
import { referrerPhone } from "~/models/referral.server";
import { loadStep, stepAction } from "~/routes-shared/wizard-step.server";
import { ProxySchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { STEP_SAVES } from "~/wizard/step-saves";

export const handle = { i18n: ["common", "wizard", "auth"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { actor, referral, language, title } = await loadStep(db, request, params, "proxy");
  // A new referral starts with the referrer's own name: most people refer as themselves.
  const untouched = !referral.referrer_first_name && !referral.referrer_last_name;
  return json({
    title,
    prefixes: await getLookupOptions(db, "Prefixes", language),
    suffixes: await getLookupOptions(db, "Suffixes", language),
    defaults: {
      prefix: referral.referrer_prefix ?? "",
      firstName: referral.referrer_first_name ?? (untouched ? actor.firstName : ""),
      middleName: referral.referrer_middle_name ?? "",
      lastName: referral.referrer_last_name ?? (untouched ? actor.lastName : ""),
      suffix: referral.referrer_suffix ?? "",
      phone: await referrerPhone(db, referral),
    },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "proxy",
    ...STEP_SAVES.proxy,
  });
}

export default function ProxyStep() {
  const { prefixes, suffixes, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["wizard", "auth", "common"]);
  const [form, fields] = useForm({
    id: "proxy",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProxySchema }),
  });
  const summary = summarize(t, [
    [fields.prefix, t("auth:register.prefix")],
    [fields.firstName, t("auth:register.firstName")],
    [fields.middleName, t("auth:register.middleName")],
    [fields.lastName, t("auth:register.lastName")],
    [fields.suffix, t("auth:register.suffix")],
    [fields.phone, t("proxy.phone")],
  ]);
  return (
    <StepForm form={form} title={t("steps.proxy.title")} intro={t("proxy.intro")} summary={summary} focusKey={lastResult}>
      <SelectField meta={fields.prefix} label={t("auth:register.prefix")} options={prefixes} optional />
      <TextField meta={fields.firstName} label={t("auth:register.firstName")} autoComplete="given-name" />
      <TextField meta={fields.middleName} label={t("auth:register.middleName")} optional autoComplete="additional-name" />
      <TextField meta={fields.lastName} label={t("auth:register.lastName")} autoComplete="family-name" />
      <SelectField meta={fields.suffix} label={t("auth:register.suffix")} options={suffixes} optional />
      <PhoneField meta={fields.phone} label={t("proxy.phone")} />
    </StepForm>
  );
}
