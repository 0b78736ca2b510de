import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RadioGroup, summarize } from "~/components/ui/form";
import { loadStep, stepAction } from "~/routes-shared/wizard-step.server";
import { FosterCareSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { STEP_SAVES } from "~/wizard/step-saves";

export const handle = { i18n: ["common", "wizard"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { referral, title } = await loadStep(context.db, request, params, "fosterCare");
  return json({ title, defaults: { childInFosterCare: referral.child_in_foster_care ?? "" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "fosterCare",
    ...STEP_SAVES.fosterCare,
  });
}

export default function FosterCareStep() {
  const { defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["wizard", "common"]);
  const [form, fields] = useForm({
    id: "foster-care",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FosterCareSchema }),
  });
  return (
    <StepForm form={form} title={t("steps.fosterCare.title")} summary={summarize(t, [[fields.childInFosterCare, t("fosterCare.label")]])} focusKey={lastResult}>
      <RadioGroup
        meta={fields.childInFosterCare}
        legend={t("fosterCare.label")}
        options={[
          { value: "yes", label: t("common:form.yes") },
          { value: "no", label: t("common:form.no") },
          { value: "unknown", label: t("common:form.unknown") },
        ]}
      />
    </StepForm>
  );
}
