import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { requireProgram } from "~/auth/auth.server";
import { Alert } from "~/components/ui/Alert";
import { CheckboxGroup, DateField, RadioGroup, SelectField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm, type FieldProps } from "~/components/ui/useAppForm";
import { useFocusWhen } from "~/components/ui/focus";
import { getConfig } from "~/config.server";
import { getLanguage } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/config";
import { getLookupOptions } from "~/models/lookup.server";
import { InputError } from "~/models/errors";
import { isBusyError } from "~/models/errors.server";
import { FutureDateError, listReports } from "~/models/report.server";
import type { CurrentUser } from "~/models/user.server";
import { pageTitle, refused, submitForm } from "~/components/ui/page.server";
import { makeReport, reportSchema, type ReportKind } from "~/components/reports/reports.server";
import { referralReportSchema, REPORT_STATUS_KEYS, REPORT_STATUSES, userReportSchema } from "~/schemas/report";
import { easternCalendarDate, formatDateTimeEastern } from "~/utils/dates";
import { logFor } from "~/services/log.server";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "admin", "auth"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireProgram(request, context.db);
  const db = context.db;
  return json({
    title: await pageTitle(request, "admin:reports.title"),
    today: easternCalendarDate(),
    counties: await getLookupOptions(db, "Counties", await getLanguage(request)),
    retentionDays: getConfig().REPORT_RETENTION_DAYS,
    reports: await listReports(db, actor),
    // The user report lists accounts: administrators only; a program's staff make referral reports of their programs
    // (R137).
    usersReport: actor.isAdmin,
  });
});

/** The answer to either form: Conform's reply, which form it was, and the report made or the failure. */
type ActionData = SubmissionResult<string[]> & { kind: ReportKind; fileName?: string; failed?: boolean };

/**
 * Makes the report of `kind` from its form. A date after today is the field's error; any other failure of ours is
 * logged and said in the page's alert (500), with the form as it was typed.
 */
async function report(
  kind: ReportKind,
  request: Request,
  db: ActionFunctionArgs["context"]["db"],
  actor: CurrentUser,
  form: FormData,
) {
  return submitForm(
    request,
    form,
    reportSchema(kind, await getLanguage(request)),
    async (value, submission) => {
      try {
        const { fileName } = await makeReport(db, request, actor, kind, value);
        return json<ActionData>({ ...submission.reply(), kind, fileName });
      } catch (error) {
        if (error instanceof FutureDateError) throw new InputError({ [error.field]: ["validation.dateFuture"] });
        if (error instanceof InputError || isBusyError(error)) throw error;
        logFor(request).error({ err: error }, `generating the ${kind} report failed`);
        return refused(submission, { status: 500, data: { kind, failed: true } });
      }
    },
    { data: { kind } },
  );
}

/** Without JavaScript: the form posts here, the report is made, and the page shows its link. */
export const action = /* @__PURE__ */ route(async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireProgram(request, context.db);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "user":
      if (!actor.isAdmin) throw json({ error: "forbidden" }, { status: 403 });
      return report("user", request, context.db, actor, form);
    default:
      return report("referral", request, context.db, actor, form);
  }
});

function useReportForm<Name extends string>(
  kind: ReportKind,
  today: string,
  actionData: ActionData | undefined,
  labels: Record<Name, string>,
) {
  const { revalidate } = useRevalidator();
  const { i18n } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ fileName?: string; failed?: boolean } | null>(null);
  const mine = actionData?.kind === kind ? actionData : undefined;
  const language = i18n.language as Language;
  const schema = kind === "referral" ? referralReportSchema(today, language) : userReportSchema(today, language);
  const { form, field, summary } = useAppForm({
    id: `${kind}-report`,
    schema,
    labels,
    lastResult: mine,
    defaultValue: { format: "csv" },
    // With JavaScript the report is asked for its progress as it is made.
    async onSubmit(event, { formData }) {
      event.preventDefault();
      setOutcome(null);
      setProgress(0);
      try {
        const response = await fetch(kind === "referral" ? "/generate-report" : "/generate-user-report", {
          method: "POST",
          body: formData,
          headers: { Accept: "application/x-ndjson" },
        });
        if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
        // Read with TextDecoder: TextDecoderStream is newer than some supported browsers (docs/product-rules.md R34).
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        let final: { fileName?: string; error?: string } | null = null;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const lines = buffer.split("\n");
          buffer = lines.pop() ?? "";
          for (const line of lines.filter(Boolean)) {
            const message = JSON.parse(line) as { done?: number; total?: number; fileName?: string; error?: string };
            if (message.total) setProgress(Math.floor(((message.done ?? 0) * 100) / message.total));
            if (message.fileName || message.error) final = message;
          }
        }
        setOutcome(final?.fileName ? { fileName: final.fileName } : { failed: true });
        revalidate();
      } catch {
        setOutcome({ failed: true });
      } finally {
        setProgress(null);
      }
    },
  });
  // The page's own answer (a form post, without JavaScript) is shown first in the main view; the answer read with
  // JavaScript beside the form, where the focus is taken to it (docs/product-rules.md R160).
  const served =
    outcome === null && mine && (mine.fileName || mine.failed)
      ? { fileName: mine.fileName, failed: mine.failed }
      : null;
  return { form, field, summary, progress, outcome, served };
}

/** A report's result: its link when made, or that it failed. `focus`: the focus goes to it as it appears. */
function Outcome({
  kind,
  fileName,
  failed,
  focus = false,
}: {
  kind: ReportKind;
  fileName?: string;
  failed?: boolean;
  focus?: boolean;
}) {
  const { t } = useTranslation("admin");
  const link = useFocusWhen<HTMLAnchorElement>(focus && fileName ? fileName : null);
  const failure = useFocusWhen<HTMLDivElement>(focus && failed ? "failed" : null);
  return (
    <>
      {fileName ? (
        <Alert kind="success" role="status">
          <p>{t("reports.done", { fileName })}</p>
          <p>
            <a href={`/app/reports/file/${encodeURIComponent(fileName)}`} download={fileName} ref={link}>
              {t("reports.download", { fileName })}
            </a>
          </p>
        </Alert>
      ) : null}
      {failed ? (
        <div tabIndex={-1} ref={failure} className="report-outcome">
          <Alert kind="error" role="alert">
            {t(kind === "referral" ? "reports.errorReferral" : "reports.errorUser")}
          </Alert>
        </div>
      ) : null}
    </>
  );
}

function Progress({ progress }: { progress: number | null }) {
  const { t } = useTranslation("admin");
  if (progress === null) return null;
  return (
    <div className="upload-progress">
      <progress max={100} value={progress} aria-label={t("reports.progressLabel")} />
      <span role="status">{t("reports.generating", { percent: Math.floor(progress / 10) * 10 })}</span>
    </div>
  );
}

function FormatChoice(props: FieldProps) {
  const { t } = useTranslation("admin");
  return (
    <RadioGroup
      {...props}
      options={[
        { value: "csv", label: t("reports.formats.csv") },
        { value: "xlsx", label: t("reports.formats.xlsx") },
      ]}
    />
  );
}

export default function Reports() {
  const { today, counties, retentionDays, reports, usersReport } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation(["admin", "common", "auth"]);
  const referral = useReportForm("referral", today, actionData, {
    statuses: t("reports.statuses"),
    format: t("reports.format"),
    filename: t("reports.filename"),
    createdAfter: t("reports.createdAfter"),
    createdBefore: t("reports.createdBefore"),
    county: t("reports.county"),
  });
  const user = useReportForm("user", today, actionData, {
    format: t("reports.format"),
    filename: t("reports.filename"),
    primaryLanguage: t("reports.primaryLanguage"),
    lastLoginAfter: t("reports.lastLoginAfter"),
    lastLoginBefore: t("reports.lastLoginBefore"),
  });
  const rf = referral.field;
  const uf = user.field;
  return (
    <div className="reports">
      {/* Without JavaScript the answer to the form is the first thing of the page (docs/product-rules.md R160). */}
      {referral.served ? <Outcome kind="referral" {...referral.served} /> : null}
      {user.served ? <Outcome kind="user" {...user.served} /> : null}
      <h1>{t("reports.title")}</h1>

      <section aria-labelledby="referral-report-heading">
        <h2 id="referral-report-heading">{t("reports.referralHeading")}</h2>
        <ErrorSummary {...referral.summary} />
        <Form method="post" {...getFormProps(referral.form)} className="usa-form usa-form--large">
          <CheckboxGroup
            {...rf("statuses")}
            hint={t("reports.statusesHint")}
            options={REPORT_STATUS_KEYS.map((key) => ({
              value: key,
              label: t(`common:statuses.${REPORT_STATUSES[key]}`),
            }))}
          />
          <FormatChoice {...rf("format")} />
          <TextField {...rf("filename")} hint={t("reports.filenameHint")} optional />
          <DateField {...rf("createdAfter")} hint={t("reports.dateHint")} optional />
          <DateField {...rf("createdBefore")} hint={t("reports.dateHint")} optional />
          <SelectField {...rf("county")} options={counties} optional />
          <StatusButton name="intent" value="referral" className="usa-button" disabled={referral.progress !== null}>
            {t("reports.generate")}
          </StatusButton>
        </Form>
        <Progress progress={referral.progress} />
        {referral.outcome ? <Outcome kind="referral" {...referral.outcome} focus /> : null}
      </section>

      {usersReport ? (
        <section aria-labelledby="user-report-heading">
          <h2 id="user-report-heading">{t("reports.userHeading")}</h2>
          <ErrorSummary {...user.summary} />
          <Form method="post" {...getFormProps(user.form)} className="usa-form usa-form--large">
            <FormatChoice {...uf("format")} />
            <TextField {...uf("filename")} hint={t("reports.filenameHint")} optional />
            <SelectField
              {...uf("primaryLanguage")}
              options={[
                { value: "en", label: t("auth:register.languages.en") },
                { value: "sp", label: t("auth:register.languages.sp") },
              ]}
              optional
            />
            <DateField {...uf("lastLoginAfter")} hint={t("reports.dateHint")} optional />
            <DateField {...uf("lastLoginBefore")} hint={t("reports.dateHint")} optional />
            <StatusButton name="intent" value="user" className="usa-button" disabled={user.progress !== null}>
              {t("reports.generateUsers")}
            </StatusButton>
          </Form>
          <Progress progress={user.progress} />
          {user.outcome ? <Outcome kind="user" {...user.outcome} focus /> : null}
        </section>
      ) : null}

      <section aria-labelledby="kept-heading">
        <h2 id="kept-heading">{t("reports.kept")}</h2>
        <p>{t("reports.keptIntro", { days: retentionDays })}</p>
        {reports.length === 0 ? (
          <p>{t("reports.keptEmpty")}</p>
        ) : (
          <table className="usa-table usa-table--borderless usa-table--stacked">
            <caption className="usa-sr-only">{t("reports.kept")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("reports.filename")}</th>
                <th scope="col">{t("reports.kind")}</th>
                <th scope="col">{t("reports.rows")}</th>
                <th scope="col">{t("reports.madeBy")}</th>
                <th scope="col">{t("reports.madeAt")}</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((file) => (
                <tr key={file.id}>
                  <th scope="row" data-label={t("reports.filename")}>
                    <a href={`/app/reports/file/${encodeURIComponent(file.file_name)}`} download={file.file_name}>
                      {file.file_name}
                    </a>
                  </th>
                  <td data-label={t("reports.kind")}>{t(`reports.kinds.${file.kind}`)}</td>
                  <td data-label={t("reports.rows")}>{file.row_count ?? ""}</td>
                  <td data-label={t("reports.madeBy")}>
                    {[file.first_name, file.last_name].filter(Boolean).join(" ")}
                  </td>
                  <td data-label={t("reports.madeAt")}>
                    {formatDateTimeEastern(file.created_at, i18n.language as Language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
