import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PhoneField } from "~/components/PhoneField";
import { SelectField, TextField } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLookupOptions } from "~/models/lookup.server";
import { referrerPhone } from "~/models/referral.server";
import { loadStep, stepAction } from "~/wizard/step.server";
import { ProxySchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";

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
      referrerPrefix: referral.referrer_prefix ?? "",
      referrerFirstName: referral.referrer_first_name ?? (untouched ? actor.firstName : ""),
      referrerMiddleName: referral.referrer_middle_name ?? "",
      referrerLastName: referral.referrer_last_name ?? (untouched ? actor.lastName : ""),
      referrerSuffix: referral.referrer_suffix ?? "",
      referrerPhoneNumber: await referrerPhone(db, referral),
    },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "proxy",
    schema: ProxySchema,
    answers: (value) => ({
      ...value,
      referrerPrefix: value.referrerPrefix || null,
      referrerMiddleName: value.referrerMiddleName || null,
      referrerSuffix: value.referrerSuffix || null,
    }),
  });
}

export default function ProxyStep() {
  const { prefixes, suffixes, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "auth", "common"]);
  const { form, field, summary } = useAppForm({
    id: "proxy",
    schema: ProxySchema,
    defaultValue: defaults,
    labels: {
      referrerPrefix: t("auth:register.prefix"),
      referrerFirstName: t("auth:register.firstName"),
      referrerMiddleName: t("auth:register.middleName"),
      referrerLastName: t("auth:register.lastName"),
      referrerSuffix: t("auth:register.suffix"),
      referrerPhoneNumber: t("proxy.phone"),
    },
  });
  return (
    <StepForm form={form} title={t("steps.proxy.title")} intro={t("proxy.intro")} summary={summary}>
      <SelectField {...field("referrerPrefix")} options={prefixes} optional />
      <TextField {...field("referrerFirstName")} autoComplete="given-name" />
      <TextField {...field("referrerMiddleName")} optional autoComplete="additional-name" />
      <TextField {...field("referrerLastName")} autoComplete="family-name" />
      <SelectField {...field("referrerSuffix")} options={suffixes} optional />
      <PhoneField {...field("referrerPhoneNumber")} />
    </StepForm>
  );
}
