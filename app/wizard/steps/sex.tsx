import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CheckboxGroup, RadioGroup } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLookupOptions } from "~/models/lookup.server";
import { referralRaces } from "~/models/referral-answers.server";
import { loadStep, stepAction } from "~/wizard/step.server";
import { SexSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { referral, language, title } = await loadStep(db, request, params, "sex");
  return json({
    title,
    genders: await getLookupOptions(db, "Genders", language),
    races: await getLookupOptions(db, "Races", language),
    defaults: {
      gender: referral.gender ?? "",
      races: await referralRaces(db, referral.id),
      isHispanicChild: referral.is_hispanic_child ?? "",
    },
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "sex",
    schema: SexSchema,
    answers: (value) => ({
      gender: value.gender || null,
      races: value.races ?? [],
      isHispanicChild: value.isHispanicChild ?? null,
    }),
  });
});

export default function SexStep() {
  const { genders, races, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, field, summary } = useAppForm({
    id: stepFormId("sex"),
    schema: SexSchema,
    defaultValue: defaults,
    labels: { gender: t("sex.gender"), races: t("sex.races"), isHispanicChild: t("sex.hispanic") },
  });
  return (
    <StepForm form={form} title={t("steps.sex.title")} intro={t("sex.intro")} summary={summary}>
      <RadioGroup {...field("gender")} options={genders} />
      <CheckboxGroup {...field("races")} hint={t("sex.racesHint")} options={races} />
      <RadioGroup
        {...field("isHispanicChild")}
        options={[
          { value: "yes", label: t("common:form.yes") },
          { value: "no", label: t("common:form.no") },
          { value: "unknown", label: t("common:form.unknown") },
        ]}
      />
    </StepForm>
  );
}
