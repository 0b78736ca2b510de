import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { HintedButton } from "~/components/ui/HintedButton";
import { CheckboxGroup, DateField, TextField } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import type { Language } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18next.server";
import { getLookupOptions } from "~/models/lookup.server";
import { referralReasons } from "~/models/referral-answers.server";
import { loadStep, stepAction } from "~/wizard/step.server";
import { screeningSchema } from "~/schemas/referral";
import { OTHER_MEDICAL_CONDITION } from "~/utils/lookup-codes";
import { easternCalendarDate, formatCalendarDate } from "~/utils/dates";
import { restoredValues } from "~/wizard/carry";
import { documentHref } from "~/wizard/steps";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { ids, referral, language, title } = await loadStep(db, request, params, "screening");
  // Back from attaching a report: the answers as they were typed, saved or not.
  const restored = restoredValues(new URL(request.url), "screening");
  return json({
    title,
    ids,
    today: easternCalendarDate(),
    screenings: await getLookupOptions(db, "FailedScreenings", language),
    conditions: await getLookupOptions(db, "IdentifiedConditions", language),
    defaults: restored ?? {
      screenings: await referralReasons(db, referral.id, "FailedScreenings"),
      conditions: await referralReasons(db, referral.id, "IdentifiedConditions"),
      otherMedicalCondition: referral.other_medical_condition ?? "",
      failedScreeningDate: referral.failed_screening_date
        ? formatCalendarDate(referral.failed_screening_date, language)
        : "",
    },
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "screening",
    // The date may not be after today (Maryland's) and is typed in the page language's order: the schema is made per
    // request.
    schema: screeningSchema(easternCalendarDate(), await getLanguage(request)),
    answers: (value) => ({
      referralReasons: { FailedScreenings: value.screenings ?? [], IdentifiedConditions: value.conditions ?? [] },
      otherMedicalCondition: value.otherMedicalCondition ?? null,
      failedScreeningDate: value.failedScreeningDate ?? null,
    }),
    fields: { "referralReasons.FailedScreenings": "screenings", "referralReasons.IdentifiedConditions": "conditions" },
  });
});

export default function ScreeningStep() {
  const { ids, today, screenings, conditions, defaults } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(["wizard", "common"]);
  const { form, fields, field, summary } = useAppForm({
    id: stepFormId("screening"),
    schema: screeningSchema(today, i18n.language as Language),
    defaultValue: defaults,
    labels: {
      screenings: t("reasons.screenings"),
      failedScreeningDate: t("reasons.screeningDate"),
      conditions: t("reasons.conditions"),
      otherMedicalCondition: t("reasons.otherCondition"),
    },
  });
  // Other medical condition reveals its text (with JavaScript); without it the text always shows.
  const initial = Array.isArray(fields.conditions.initialValue) ? (fields.conditions.initialValue as string[]) : [];
  const [otherChosen, setOtherChosen] = useState(initial.includes(OTHER_MEDICAL_CONDITION));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <StepForm form={form} title={t("steps.screening.title")} intro={t("reasons.screenIntro")} summary={summary}>
      <CheckboxGroup {...field("screenings")} hint={t("reasons.chooseAll")} options={screenings} />
      <DateField {...field("failedScreeningDate")} hint={t("reasons.screeningDateHint")} optional />
      <div
        onChange={(event) => {
          const box = event.target as HTMLInputElement;
          if (box.name === fields.conditions.name && box.value === OTHER_MEDICAL_CONDITION) setOtherChosen(box.checked);
        }}
      >
        <CheckboxGroup {...field("conditions")} hint={t("reasons.chooseAll")} options={conditions} />
      </div>
      {!hydrated || otherChosen ? (
        <TextField {...field("otherMedicalCondition")} hint={hydrated ? undefined : t("reasons.otherConditionHint")} />
      ) : null}
      {/* Sends this form by GET to the document screen, which brings the answers back (R61). */}
      <div className="usa-form-group">
        <HintedButton
          name="from"
          value="screening"
          formMethod="get"
          formAction={documentHref(ids, "new")}
          formNoValidate
          hintId="attach-report-hint"
          hint={t("documents.attachReportHint")}
        >
          {t("documents.attachReport")}
        </HintedButton>
      </div>
    </StepForm>
  );
}
