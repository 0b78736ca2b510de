import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/ui/ConfirmAction";
import { ErrorSummary, summarize, TextField } from "~/components/ui/form";
import type { Language } from "~/i18n/config";
import { ReviewLinkSchema, StatusChangeSchema } from "~/schemas/admin";
import { formatDateTimeEastern } from "~/utils/dates";
import { ADMIN_STATUSES } from "~/utils/statuses";

export interface AdminPanelData {
  referralId: number;
  history: Array<{ id: number; from_status: string | null; to_status: string; changed_at: string; status_details: string | null; comments: string | null; first_name: string | null; last_name: string | null }>;
  links: Array<{ id: number; created_at: string; expires_at: string; revoked_at: string | null; first_name: string | null; last_name: string | null }>;
  access: Array<{ id: number; at: string; action: string; entity_type: string; entity_id: number | null; actor_review_token_id: number | null; first_name: string | null; last_name: string | null; email: string | null }>;
  current: { status: string; comments: string | null; serviceCoordinator: string | null; eligibilityDetermination: string | null };
  now: string;
}

function Textarea({ meta, label, hint }: { meta: Parameters<typeof getTextareaProps>[0]; label: string; hint?: string }) {
  const { t } = useTranslation();
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  const errors = meta.errors ?? [];
  return (
    <div className={`usa-form-group${errors.length ? " usa-form-group--error" : ""}`}>
      <label className="usa-label" htmlFor={meta.id}>
        {label} <span className="usa-hint">{t("form.optional", { ns: "common" })}</span>
      </label>
      {hint ? (
        <span className="usa-hint" id={`${meta.id}-hint`}>
          {hint}
        </span>
      ) : null}
      {errors.length ? (
        <span className="usa-error-message" id={meta.errorId}>
          {errors.map((error: string) => t(error, { ns: "common" })).join(" ")}
        </span>
      ) : null}
      <textarea
        key={key}
        {...props}
        required={false}
        className={`usa-textarea${errors.length ? " usa-input--error" : ""}`}
        rows={3}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={[hint ? `${meta.id}-hint` : null, errors.length ? meta.errorId : null].filter(Boolean).join(" ") || undefined}
      />
    </div>
  );
}

/**
 * What administrators do with a submitted referral on its review (issue 9): record a status change
 * (with its history), make and revoke review links, and read the record of access.
 */
export function AdminReferralPanel({ data, statusResult, linkResult, createdLink }: { data: AdminPanelData; statusResult?: SubmissionResult<string[]>; linkResult?: SubmissionResult<string[]>; createdLink?: { url: string; expiresAt: string } }) {
  const { t, i18n } = useTranslation(["admin", "common"]);
  const language = i18n.language as Language;
  const when = (value: string) => formatDateTimeEastern(value, language);
  const [statusForm, statusFields] = useForm({
    id: "status-change",
    lastResult: statusResult,
    defaultValue: { comments: data.current.comments ?? "", serviceCoordinator: data.current.serviceCoordinator ?? "", eligibilityDetermination: data.current.eligibilityDetermination ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StatusChangeSchema }),
  });
  const [linkForm, linkFields] = useForm({
    id: "review-link",
    lastResult: linkResult,
    defaultValue: { days: "14" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewLinkSchema }),
  });
  const statusErrors = statusFields.status.errors ?? [];
  const { key: statusKey, ...statusSelect } = getSelectProps(statusFields.status, { ariaAttributes: false });
  return (
    <div className="admin-referral-panel">
      <section aria-labelledby="status-heading">
        <h2 id="status-heading">{t("status.heading")}</h2>
        <ErrorSummary
          items={summarize(t, [
            [statusFields.status, t("status.status")],
            [statusFields.details, t("status.details")],
            [statusFields.detailsEs, t("status.detailsEs")],
          ])}
          focusKey={statusResult}
        />
        <Form method="post" {...getFormProps(statusForm)} className="usa-form usa-form--large">
          <div className={`usa-form-group${statusErrors.length ? " usa-form-group--error" : ""}`}>
            <label className="usa-label" htmlFor={statusFields.status.id}>
              {t("status.status")}
            </label>
            {statusErrors.length ? (
              <span className="usa-error-message" id={statusFields.status.errorId}>
                {statusErrors.map((error) => t(error, { ns: "common" })).join(" ")}
              </span>
            ) : null}
            <select
              key={statusKey}
              {...statusSelect}
              required={false}
              className={`usa-select${statusErrors.length ? " usa-input--error" : ""}`}
              aria-invalid={statusErrors.length ? true : undefined}
              aria-describedby={statusErrors.length ? statusFields.status.errorId : undefined}
            >
              <option value="">{t("common:form.choose")}</option>
              {ADMIN_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`common:statuses.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <Textarea meta={statusFields.details} label={t("status.details")} hint={t("status.detailsHint")} />
          <Textarea meta={statusFields.detailsEs} label={t("status.detailsEs")} hint={t("status.detailsHint")} />
          <Textarea meta={statusFields.comments} label={t("status.comments")} />
          <TextField meta={statusFields.serviceCoordinator} label={t("status.serviceCoordinator")} optional />
          <TextField meta={statusFields.eligibilityDetermination} label={t("status.eligibilityDetermination")} optional />
          <button type="submit" name="intent" value="status" className="usa-button">
            {t("status.save")}
          </button>
        </Form>
        <h3>{t("status.history")}</h3>
        {data.history.length === 0 ? (
          <p>{t("status.historyEmpty")}</p>
        ) : (
          <table className="usa-table usa-table--borderless usa-table--stacked">
            <caption className="usa-sr-only">{t("status.history")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("status.changedAt")}</th>
                <th scope="col">{t("status.changedBy")}</th>
                <th scope="col">{t("status.from")}</th>
                <th scope="col">{t("status.to")}</th>
                <th scope="col">{t("status.details2")}</th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((row) => (
                <tr key={row.id}>
                  <th scope="row" data-label={t("status.changedAt")}>
                    {when(row.changed_at)}
                  </th>
                  <td data-label={t("status.changedBy")}>{[row.first_name, row.last_name].filter(Boolean).join(" ")}</td>
                  <td data-label={t("status.from")}>{row.from_status ? t(`common:statuses.${row.from_status}`) : ""}</td>
                  <td data-label={t("status.to")}>{t(`common:statuses.${row.to_status}`)}</td>
                  <td data-label={t("status.details2")}>{row.status_details ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="links-heading">
        <h2 id="links-heading">{t("links.heading")}</h2>
        <p>{t("links.intro")}</p>
        {createdLink ? (
          <div className="usa-alert usa-alert--success" role="status">
            <div className="usa-alert__body">
              <p className="usa-alert__text">{t("links.created")}</p>
              <p className="usa-alert__text">
                <code className="review-link">{createdLink.url}</code>
              </p>
              <p className="usa-alert__text">
                {t("links.expires")}: {when(createdLink.expiresAt)}
              </p>
            </div>
          </div>
        ) : null}
        <Form method="post" {...getFormProps(linkForm)} className="usa-form">
          <TextField meta={linkFields.days} label={t("links.days")} hint={t("links.daysHint")} type="number" min={1} max={90} inputMode="numeric" className="usa-input--small" />
          <button type="submit" name="intent" value="createLink" className="usa-button usa-button--outline">
            {t("links.create")}
          </button>
        </Form>
        {data.links.length === 0 ? (
          <p>{t("links.none")}</p>
        ) : (
          <table className="usa-table usa-table--borderless usa-table--stacked">
            <caption className="usa-sr-only">{t("links.heading")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("links.createdAt")}</th>
                <th scope="col">{t("links.createdBy")}</th>
                <th scope="col">{t("links.expires")}</th>
                <th scope="col">{t("links.state")}</th>
                <th scope="col">
                  <span className="usa-sr-only">{t("users.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.links.map((link) => {
                const state = link.revoked_at ? "revoked" : link.expires_at <= data.now ? "expired" : "live";
                return (
                  <tr key={link.id}>
                    <th scope="row" data-label={t("links.createdAt")}>
                      {when(link.created_at)}
                    </th>
                    <td data-label={t("links.createdBy")}>{[link.first_name, link.last_name].filter(Boolean).join(" ")}</td>
                    <td data-label={t("links.expires")}>{when(link.expires_at)}</td>
                    <td data-label={t("links.state")}>{t(`links.${state}`)}</td>
                    <td>
                      {state === "live" ? (
                        <ConfirmAction
                          id={`revoke-${link.id}`}
                          href={`?confirm=revoke&link=${link.id}`}
                          triggerLabel={t("links.revoke")}
                          triggerClassName="usa-button usa-button--unstyled"
                          title={t("links.revokeTitle")}
                          body={<p>{t("links.revokeBody")}</p>}
                          confirmLabel={t("links.revokeConfirm")}
                          cancelLabel={t("actions.cancel")}
                          intent="revokeLink"
                          fields={{ link: String(link.id) }}
                        />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="access-heading">
        <h2 id="access-heading">{t("access.heading")}</h2>
        <p>{t("access.intro")}</p>
        {data.access.length === 0 ? (
          <p>{t("access.empty")}</p>
        ) : (
          <table className="usa-table usa-table--borderless usa-table--stacked">
            <caption className="usa-sr-only">{t("access.heading")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("access.when")}</th>
                <th scope="col">{t("access.who")}</th>
                <th scope="col">{t("access.what")}</th>
              </tr>
            </thead>
            <tbody>
              {data.access.map((event) => (
                <tr key={event.id}>
                  <th scope="row" data-label={t("access.when")}>
                    {when(event.at)}
                  </th>
                  <td data-label={t("access.who")}>
                    {event.actor_review_token_id ? t("access.reviewLink", { id: event.actor_review_token_id }) : `${event.first_name ?? ""} ${event.last_name ?? ""} (${event.email ?? ""})`}
                  </td>
                  <td data-label={t("access.what")}>{event.action === "download" ? t("access.download", { id: event.entity_id }) : t("access.view")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p>
          <a href={`/app/referrals/${data.referralId}/access.csv`} download>
            {t("access.export")}
          </a>
        </p>
      </section>
    </div>
  );
}
