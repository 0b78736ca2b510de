import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { TextField } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { loadStep, stepAction } from "~/wizard/step.server";
import { GestationalAgeSchema, gestationParts } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { referral, title } = await loadStep(context.db, request, params, "gestationalAge");
  const parts = gestationParts(referral.gestational_age_in_days);
  return json({ title, defaults: { weeks: parts.weeks, days: parts.days, unknown: parts.unknown ? "on" : "" } });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "gestationalAge",
    schema: GestationalAgeSchema,
    answers: (value) => value,
    fields: { gestationalAgeInDays: "weeks" },
  });
});

export default function GestationalAgeStep() {
  const { defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, fields, field, summary } = useAppForm({
    id: stepFormId("gestationalAge"),
    schema: GestationalAgeSchema,
    defaultValue: defaults,
    labels: { weeks: t("gestationalAge.weeks"), days: t("gestationalAge.days"), unknown: t("gestationalAge.unknown") },
  });
  return (
    <StepForm form={form} title={t("steps.gestationalAge.title")} intro={t("gestationalAge.intro")} summary={summary}>
      <div className="date-selects">
        <TextField {...field("weeks")} inputMode="numeric" maxLength={2} className="usa-input--small" />
        <TextField {...field("days")} inputMode="numeric" maxLength={1} className="usa-input--small" optional />
      </div>
      <div className="usa-checkbox">
        <input
          className="usa-checkbox__input"
          type="checkbox"
          id={fields.unknown.id}
          name={fields.unknown.name}
          value="on"
          defaultChecked={fields.unknown.initialValue === "on"}
          onChange={(event) => {
            // Ticking unknown clears weeks and days (R54); the server ignores them when it is ticked.
            if (event.currentTarget.checked) {
              form.update({ name: fields.weeks.name, value: "" });
              form.update({ name: fields.days.name, value: "" });
            }
          }}
        />
        <label className="usa-checkbox__label" htmlFor={fields.unknown.id}>
          {t("gestationalAge.unknown")}
          {/* USWDS's description line: under the label, aligned with it, not run into it. */}
          <span className="usa-checkbox__label-description">{t("gestationalAge.unknownHint")}</span>
        </label>
      </div>
    </StepForm>
  );
}
