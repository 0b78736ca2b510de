import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, StatusButton } from "~/components/ui/busy";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { SelectField, TextareaField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import type { Language } from "~/i18n/config";
import type { ReferralProgramPanel } from "~/models/referral-program.server";
import { TransferSchema } from "~/schemas/local-program";
import { formatCalendarDate, formatDateEastern, formatDateTimeEastern } from "~/utils/dates";
import { TIMELINE_DAYS } from "~/utils/timeline";

/** A submitted referral's program rows (R137, R140, R141): program, first opened, 45 days. */
export function useProgramRows(panel: ReferralProgramPanel | null): Array<[string, ReactNode]> {
  const { t, i18n } = useTranslation(["referrals"]);
  const language = i18n.language as Language;
  if (!panel) return [];
  const rows: Array<[string, ReactNode]> = [
    [t("program.program"), panel.program ? panel.program.name : t("program.none")],
  ];
  if (panel.program?.phone) rows.push([t("program.phone"), panel.program.phone]);
  rows.push([
    t("program.opened"),
    panel.opened
      ? t("program.openedBy", { program: panel.opened.program, date: formatDateEastern(panel.opened.at, language) })
      : t("program.notOpened"),
  ]);
  const timeline = panel.timeline;
  if (timeline) {
    rows.push([
      t("program.timeline"),
      timeline.determinedOn
        ? t("program.determined", { date: formatCalendarDate(timeline.determinedOn, language), count: timeline.day })
        : t(timeline.overdue ? "program.overdue" : "program.dayOf", {
            count: timeline.day,
            days: TIMELINE_DAYS,
            date: formatCalendarDate(timeline.endsOn, language),
          }),
    ]);
  }
  return rows;
}

/** Moving a referral to another program with a reason (R139), and its moves; a plain form post. */
export function ProgramTransfer({
  panel,
  transferResult,
}: {
  panel: ReferralProgramPanel;
  transferResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation(["referrals", "common"]);
  const language = i18n.language as Language;
  const transfer = useAppForm({
    id: "transfer",
    schema: TransferSchema,
    lastResult: transferResult,
    labels: { toProgram: t("program.transfer.to"), reason: t("program.transfer.reason") },
  });
  if (!panel.transferTo && !panel.transfers) return null;
  return (
    <section aria-labelledby="transfer-heading" className="program-transfer">
      <h2 id="transfer-heading">{t("program.transfer.heading")}</h2>
      {panel.transferTo ? (
        <>
          <p>{t("program.transfer.intro")}</p>
          <ErrorSummary {...transfer.summary} />
          <Form method="post" {...getFormProps(transfer.form)} className="usa-form usa-form--large">
            <SelectField
              {...transfer.field("toProgram")}
              options={panel.transferTo.map((program) => ({ value: String(program.id), label: program.name }))}
            />
            <TextareaField {...transfer.field("reason")} hint={t("program.transfer.reasonHint")} rows={3} />
            <StatusButton name="intent" value="transfer" className="usa-button">
              {t("program.transfer.submit")}
            </StatusButton>
          </Form>
        </>
      ) : null}
      {panel.transfers ? (
        <>
          <h3>{t("program.transfer.history")}</h3>
          {panel.transfers.length === 0 ? (
            <p>{t("program.transfer.historyEmpty")}</p>
          ) : (
            <table className="usa-table usa-table--borderless usa-table--stacked">
              <caption className="usa-sr-only">{t("program.transfer.history")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("program.transfer.when")}</th>
                  <th scope="col">{t("program.transfer.who")}</th>
                  <th scope="col">{t("program.transfer.from")}</th>
                  <th scope="col">{t("program.transfer.toColumn")}</th>
                  <th scope="col">{t("program.transfer.reason")}</th>
                </tr>
              </thead>
              <tbody>
                {panel.transfers.map((move) => (
                  <tr key={`${move.at}-${move.to}`}>
                    <td data-label={t("program.transfer.when")}>{formatDateTimeEastern(move.at, language)}</td>
                    <td data-label={t("program.transfer.who")}>{move.by}</td>
                    <td data-label={t("program.transfer.from")}>{move.from ?? t("program.none")}</td>
                    <td data-label={t("program.transfer.toColumn")}>{move.to}</td>
                    <td data-label={t("program.transfer.reason")}>{move.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}
