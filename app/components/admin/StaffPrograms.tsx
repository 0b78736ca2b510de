import { getFormProps } from "@conform-to/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { CheckboxGroup } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { StaffProgramsSchema } from "~/schemas/local-program";

export interface StaffProgramsView {
  programs: Array<{ id: number; name: string }>;
  current: number[];
}

/** A super administrator's choice of a person's programs (R138), checkboxes in a plain post; none removes the role. */
export function StaffPrograms({ view }: { view: StaffProgramsView }) {
  const { t } = useTranslation(["admin", "common"]);
  const { form, field, summary } = useAppForm({
    id: "staff-programs",
    schema: StaffProgramsSchema,
    defaultValue: { localPrograms: view.current.map(String) },
    labels: { localPrograms: t("programs.staff.legend") },
  });
  const names = view.programs.filter((program) => view.current.includes(program.id)).map((program) => program.name);
  return (
    <section aria-labelledby="staff-programs-heading">
      <h2 id="staff-programs-heading">{t("programs.staff.heading")}</h2>
      <p>{names.length ? names.join(", ") : t("programs.staff.none")}</p>
      <p className="usa-hint">{t("programs.staff.intro")}</p>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <CheckboxGroup
          {...field("localPrograms")}
          options={view.programs.map((program) => ({ value: String(program.id), label: program.name }))}
        />
        <StatusButton name="intent" value="staffPrograms" className="usa-button">
          {t("programs.staff.save")}
        </StatusButton>
      </Form>
    </section>
  );
}
