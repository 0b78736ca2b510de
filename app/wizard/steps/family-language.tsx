import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SelectField, summarize } from "~/components/ui/form";
import { getLookupOptions } from "~/models/lookup.server";
import { loadStep, stepAction } from "~/routes-shared/wizard-step.server";
import { FamilyLanguageSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { STEP_SAVES } from "~/wizard/step-saves";

export const handle = { i18n: ["common", "wizard"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { referral, language, title } = await loadStep(db, request, params, "familyLanguage");
  return json({ title, languages: await getLookupOptions(db, "Languages", language), defaults: { familyPrimaryLanguage: referral.family_primary_language ?? "" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "familyLanguage",
    ...STEP_SAVES.familyLanguage,
  });
}

export default function FamilyLanguageStep() {
  const { languages, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["wizard", "common"]);
  const [form, fields] = useForm({
    id: "family-language",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FamilyLanguageSchema }),
  });
  return (
    <StepForm form={form} title={t("steps.familyLanguage.title")} summary={summarize(t, [[fields.familyPrimaryLanguage, t("familyLanguage.label")]])} focusKey={lastResult}>
      <SelectField meta={fields.familyPrimaryLanguage} label={t("familyLanguage.label")} options={languages} />
    </StepForm>
  );
}
