import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { RadioGroup } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { loadStep, stepAction } from "~/wizard/step.server";
import { FosterCareSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { referral, title } = await loadStep(context.db, request, params, "fosterCare");
  return json({ title, defaults: { childInFosterCare: referral.child_in_foster_care ?? "" } });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "fosterCare",
    schema: FosterCareSchema,
    answers: (value) => value,
  });
});

export default function FosterCareStep() {
  const { defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, field, summary } = useAppForm({
    id: stepFormId("fosterCare"),
    schema: FosterCareSchema,
    defaultValue: defaults,
    labels: { childInFosterCare: t("fosterCare.label") },
  });
  return (
    <StepForm form={form} title={t("steps.fosterCare.title")} summary={summary}>
      <RadioGroup
        {...field("childInFosterCare")}
        options={[
          { value: "yes", label: t("common:form.yes") },
          { value: "no", label: t("common:form.no") },
          { value: "unknown", label: t("common:form.unknown") },
        ]}
      />
    </StepForm>
  );
}
