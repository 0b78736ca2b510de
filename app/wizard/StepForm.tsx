import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "~/components/ui/busy";
import { SaveButtons } from "~/components/ui/SaveButtons";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorSummary, type ErrorSummaryProps } from "~/components/ui/ErrorSummary";
import { StepHeading } from "~/wizard/StepHeading";

/** A wizard step's page (R47), a plain form post. */
export function StepForm({
  form,
  title,
  intro,
  summary,
  children,
}: {
  form: FormMetadata<any, string[]>;
  title: string;
  intro?: ReactNode;
  /** useAppForm's `summary`. */
  summary: ErrorSummaryProps;
  children: ReactNode;
}) {
  const { t } = useTranslation("wizard");
  return (
    <div className="wizard-step">
      {/* Above the title (GOV.UK's place for it), where a phone's first screen shows it (R153). */}
      <ErrorSummary {...summary} />
      <StepHeading>{title}</StepHeading>
      {intro ? <p>{intro}</p> : null}
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        {children}
        <SaveButtons continueIntent="continue" continueLabel={t("saveAndContinue")} saveLabel={t("save")} />
      </Form>
    </div>
  );
}
