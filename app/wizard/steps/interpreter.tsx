import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RadioGroup, summarize } from "~/components/ui/form";
import { loadStep, stepAction } from "~/routes-shared/wizard-step.server";
import { InterpreterSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { STEP_SAVES } from "~/wizard/step-saves";

export const handle = { i18n: ["common", "wizard"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { referral, title } = await loadStep(context.db, request, params, "interpreter");
  return json({ title, defaults: { familyNeedsInterpreter: referral.family_needs_interpreter ?? "" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "interpreter",
    ...STEP_SAVES.interpreter,
  });
}

export default function InterpreterStep() {
  const { defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["wizard", "common"]);
  const [form, fields] = useForm({
    id: "interpreter",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InterpreterSchema }),
  });
  return (
    <StepForm form={form} title={t("steps.interpreter.title")} summary={summarize(t, [[fields.familyNeedsInterpreter, t("interpreter.label")]])} focusKey={lastResult}>
      <RadioGroup
        meta={fields.familyNeedsInterpreter}
        legend={t("interpreter.label")}
        options={[
          { value: "yes", label: t("common:form.yes") },
          { value: "no", label: t("common:form.no") },
        ]}
      />
    </StepForm>
  );
}
