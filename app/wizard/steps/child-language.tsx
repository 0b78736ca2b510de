import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SelectField } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLookupOptions } from "~/models/lookup.server";
import { loadStep, stepAction } from "~/wizard/step.server";
import { ChildLanguageSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { referral, language, title } = await loadStep(db, request, params, "childLanguage");
  return json({
    title,
    languages: await getLookupOptions(db, "Languages", language),
    defaults: { primaryLanguage: referral.primary_language ?? "" },
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "childLanguage",
    schema: ChildLanguageSchema,
    answers: (value) => value,
  });
});

export default function ChildLanguageStep() {
  const { languages, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, field, summary } = useAppForm({
    id: stepFormId("childLanguage"),
    schema: ChildLanguageSchema,
    defaultValue: defaults,
    labels: { primaryLanguage: t("childLanguage.label") },
  });
  return (
    <StepForm form={form} title={t("steps.childLanguage.title")} summary={summary}>
      <SelectField {...field("primaryLanguage")} hint={t("childLanguage.hint")} options={languages} />
    </StepForm>
  );
}
