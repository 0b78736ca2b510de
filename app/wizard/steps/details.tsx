import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { TextareaField } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { loadStep, stepAction } from "~/wizard/step.server";
import { DETAILS_MAX, DetailsSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { referral, title } = await loadStep(context.db, request, params, "details");
  return json({ title, defaults: { additionalDetails: referral.additional_details ?? "" } });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "details",
    schema: DetailsSchema,
    answers: (value) => ({ additionalDetails: value.additionalDetails ?? null }),
  });
});

export default function DetailsStep() {
  const { defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, field, summary } = useAppForm({
    id: stepFormId("details"),
    schema: DetailsSchema,
    defaultValue: defaults,
    labels: { additionalDetails: t("details.label") },
  });
  return (
    <StepForm form={form} title={t("steps.details.title")} summary={summary}>
      <TextareaField
        {...field("additionalDetails")}
        hint={t("details.hint")}
        optional
        rows={8}
        maxCharacters={DETAILS_MAX}
      />
    </StepForm>
  );
}
