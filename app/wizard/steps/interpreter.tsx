import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { RadioGroup } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { loadStep, stepAction } from "~/wizard/step.server";
import { InterpreterSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { referral, title } = await loadStep(context.db, request, params, "interpreter");
  return json({ title, defaults: { familyNeedsInterpreter: referral.family_needs_interpreter ?? "" } });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "interpreter",
    schema: InterpreterSchema,
    answers: (value) => value,
  });
});

export default function InterpreterStep() {
  const { defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, field, summary } = useAppForm({
    id: stepFormId("interpreter"),
    schema: InterpreterSchema,
    defaultValue: defaults,
    labels: { familyNeedsInterpreter: t("interpreter.label") },
  });
  return (
    <StepForm form={form} title={t("steps.interpreter.title")} summary={summary}>
      <RadioGroup
        {...field("familyNeedsInterpreter")}
        options={[
          { value: "yes", label: t("common:form.yes") },
          { value: "no", label: t("common:form.no") },
        ]}
      />
    </StepForm>
  );
}
