import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PhoneField } from "~/components/PhoneField";
import { SelectField, TextField } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLookupOptions } from "~/models/lookup.server";
import { referrerStepValues } from "~/models/referral.server";
import { loadStep, stepAction } from "~/wizard/step.server";
import { ProxySchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard", "auth"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { actor, ids, language, title } = await loadStep(db, request, params, "proxy");
  return json({
    title,
    prefixes: await getLookupOptions(db, "Prefixes", language),
    suffixes: await getLookupOptions(db, "Suffixes", language),
    // A new referral starts with what the referrer's profile holds (R169).
    defaults: await referrerStepValues(db, actor, ids),
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
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
});

export default function ProxyStep() {
  const { prefixes, suffixes, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "auth", "common"]);
  const { form, field, summary } = useAppForm({
    id: stepFormId("proxy"),
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
