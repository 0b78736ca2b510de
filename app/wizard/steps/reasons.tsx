import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CheckboxGroup } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLookupOptions } from "~/models/lookup.server";
import { referralReasons } from "~/models/referral-answers.server";
import { loadStep, stepAction } from "~/wizard/step.server";
import { ReasonsSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

// Choices are saved here, surviving a reload and the trip to the second screen; "at least one" is judged there.
export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { referral, language, title } = await loadStep(db, request, params, "reasons");
  return json({
    title,
    concerns: await getLookupOptions(db, "RefReasons_ConcernsDevelopmental", language),
    defaults: { developmental: await referralReasons(db, referral.id, "RefReasons_ConcernsDevelopmental") },
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "reasons",
    schema: ReasonsSchema,
    answers: (value) => ({ referralReasons: { RefReasons_ConcernsDevelopmental: value.developmental ?? [] } }),
    fields: { "referralReasons.RefReasons_ConcernsDevelopmental": "developmental" },
  });
});

export default function ReasonsStep() {
  const { concerns, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, field, summary } = useAppForm({
    id: stepFormId("reasons"),
    schema: ReasonsSchema,
    defaultValue: defaults,
    labels: { developmental: t("reasons.developmental") },
  });
  return (
    <StepForm form={form} title={t("steps.reasons.title")} intro={t("reasons.intro")} summary={summary}>
      <CheckboxGroup {...field("developmental")} hint={t("reasons.chooseAll")} options={concerns} />
    </StepForm>
  );
}
