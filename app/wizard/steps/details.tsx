import { getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { summarize } from "~/components/ui/form";
import { loadStep, stepAction } from "~/routes-shared/wizard-step.server";
import { DETAILS_MAX, DetailsSchema } from "~/schemas/referral";
import { StepForm } from "~/wizard/StepForm";
import { STEP_SAVES } from "~/wizard/step-saves";

export const handle = { i18n: ["common", "wizard"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { referral, title } = await loadStep(context.db, request, params, "details");
  return json({ title, defaults: { additionalDetails: referral.additional_details ?? "" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "details",
    ...STEP_SAVES.details,
  });
}

export default function DetailsStep() {
  const { defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["wizard", "common"]);
  const [form, fields] = useForm({
    id: "details",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DetailsSchema }),
  });
  const initial = typeof fields.additionalDetails.initialValue === "string" ? fields.additionalDetails.initialValue : "";
  // The used / max counter: live as one types with JavaScript, as saved (or sent) without.
  const [used, setUsed] = useState(initial.length);
  const errors = fields.additionalDetails.errors ?? [];
  const { key, ...textarea } = getTextareaProps(fields.additionalDetails, { ariaAttributes: false });
  return (
    <StepForm form={form} title={t("steps.details.title")} summary={summarize(t, [[fields.additionalDetails, t("details.label")]])} focusKey={lastResult}>
      <div className={`usa-form-group usa-character-count${errors.length ? " usa-form-group--error" : ""}`}>
        <label className="usa-label" htmlFor={fields.additionalDetails.id}>
          {t("details.label")} <span className="usa-hint">{t("common:form.optional")}</span>
        </label>
        <span className="usa-hint" id={`${fields.additionalDetails.id}-hint`}>
          {t("details.hint")}
        </span>
        {errors.length ? (
          <span className="usa-error-message" id={fields.additionalDetails.errorId}>
            {errors.map((error) => t(error, { ns: "common" })).join(" ")}
          </span>
        ) : null}
        <textarea
          key={key}
          {...textarea}
          required={false}
          className={`usa-textarea usa-character-count__field${errors.length ? " usa-input--error" : ""}`}
          rows={8}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={[`${fields.additionalDetails.id}-hint`, `${fields.additionalDetails.id}-count`, errors.length ? fields.additionalDetails.errorId : null]
            .filter(Boolean)
            .join(" ")}
          onInput={(event) => setUsed(event.currentTarget.value.length)}
        />
        <span id={`${fields.additionalDetails.id}-count`} className={`usa-character-count__status${used > DETAILS_MAX ? " usa-character-count__status--invalid" : ""}`} aria-live="polite">
          {t("details.count", { used, max: DETAILS_MAX })}
        </span>
      </div>
    </StepForm>
  );
}
