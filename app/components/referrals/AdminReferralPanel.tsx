import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { ActionsHeader } from "~/components/ui/ActionsHeader";
import { ConfirmAction } from "~/components/ui/ConfirmAction";
import { SelectField, TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import type { Language } from "~/i18n/config";
import { REVIEW_LINK_MAX_DAYS, ReviewLinkSchema, StatusChangeSchema } from "~/schemas/admin";
import type { ReviewLinkEndReason } from "~/models/referral-admin.server";
import { formatDateTimeEastern } from "~/utils/dates";
import { ADMIN_STATUSES } from "~/utils/statuses";
import { reviewHref } from "~/wizard/steps";
import { Alert } from "~/components/ui/Alert";

export interface AdminPanelData {
  referralId: number;
  /** Oldest first, the submission first (R156). */
  history: Array<{
    id: number;
    from_status: string | null;
    to_status: string;
    changed_at: string;
    status_details: string | null;
    comments: string | null;
    first_name: string | null;
    last_name: string | null;
  }>;
  links: Array<{
    id: number;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
    /** Why it ended, when its maker's authority did rather than someone revoking it (R93). */
    ended_reason: ReviewLinkEndReason | null;
    reviewer_name: string | null;
    purpose: string | null;
    first_name: string | null;
    last_name: string | null;
  }>;
  /** The record of access, each look as the model words it (in the reader's language, when in Eastern time). */
  access: Array<{ id: number; when: string; who: string; how: string; what: string }>;
  sameChild: Array<{ id: number; childId: number; createdById: number }>;
  current: {
    status: string;
    comments: string | null;
    serviceCoordinator: string | null;
    eligibilityDetermination: string | null;
  };
  now: string;
}

/** Possible same-child referrals (R126), first on an administrator's review, each with a "not the same" form. */
export function SameChildNotice({ referrals }: { referrals: AdminPanelData["sameChild"] }) {
  const { t } = useTranslation(["admin"]);
  return (
    <Alert kind="warning" heading={t("sameChild.heading")} role="region" className="same-child">
      <p>{t("sameChild.intro")}</p>
      <ul className="usa-list usa-list--unstyled">
        {referrals.map((other) => (
          <li key={other.id} className="same-child__item">
            <a href={reviewHref({ child: other.childId, referral: other.id, user: other.createdById })}>
              {t("sameChild.item", { id: other.id })}
            </a>
            <Form method="post" className="same-child__form">
              <input type="hidden" name="other" value={other.id} />
              <StatusButton
                name="intent"
                value="notSameChild"
                className="usa-button usa-button--outline"
                aria-label={t("sameChild.notSameLabel", { id: other.id })}
              >
                {t("sameChild.notSame")}
              </StatusButton>
            </Form>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** First on a submitted referral's review for the program (R156): status, history and the status form. */
export function StatusPanel({
  data,
  statusResult,
}: {
  data: AdminPanelData;
  statusResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation(["admin", "common"]);
  const language = i18n.language as Language;
  const when = (value: string) => formatDateTimeEastern(value, language);
  const status = useAppForm({
    id: "status-change",
    schema: StatusChangeSchema,
    lastResult: statusResult,
    defaultValue: {
      comments: data.current.comments ?? "",
      serviceCoordinator: data.current.serviceCoordinator ?? "",
      eligibilityDetermination: data.current.eligibilityDetermination ?? "",
    },
    labels: {
      status: t("status.status"),
      details: t("status.details"),
      detailsEs: t("status.detailsEs"),
      comments: t("status.comments"),
      serviceCoordinator: t("status.serviceCoordinator"),
      eligibilityDetermination: t("status.eligibilityDetermination"),
    },
  });
  return (
    <section aria-labelledby="status-now" className="status-panel">
      <h2 id="status-now">{t("status.now", { status: t(`common:statuses.${data.current.status}`) })}</h2>
      <h3 id="status-history">{t("status.history")}</h3>
      {data.history.length === 0 ? (
        <p>{t("status.historyEmpty")}</p>
      ) : (
        <table
          className="usa-table usa-table--borderless usa-table--stacked status-history"
          aria-labelledby="status-history"
        >
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
      <h3 id="status-heading">{t("status.heading")}</h3>
      <ErrorSummary {...status.summary} />
      <Form
        method="post"
        {...getFormProps(status.form)}
        className="usa-form usa-form--large"
        aria-labelledby="status-heading"
      >
        <SelectField
          {...status.field("status")}
          options={ADMIN_STATUSES.map((value) => ({ value, label: t(`common:statuses.${value}`) }))}
        />
        <TextareaField {...status.field("details")} hint={t("status.detailsHint")} optional rows={3} />
        <TextareaField {...status.field("detailsEs")} hint={t("status.detailsHint")} optional rows={3} />
        <TextareaField {...status.field("comments")} optional rows={3} />
        <TextField {...status.field("serviceCoordinator")} optional />
        <TextField {...status.field("eligibilityDetermination")} optional />
        <StatusButton name="intent" value="status" className="usa-button">
          {t("status.save")}
        </StatusButton>
      </Form>
    </section>
  );
}

/** Administrators' review links and record of access, after the referral's content (issue 9). */
export function AdminReferralPanel({
  data,
  linkResult,
  createdLink,
}: {
  data: AdminPanelData;
  linkResult?: SubmissionResult<string[]>;
  createdLink?: { url: string; expiresAt: string };
}) {
  const { t, i18n } = useTranslation(["admin", "common"]);
  const language = i18n.language as Language;
  const when = (value: string) => formatDateTimeEastern(value, language);
  // The review link's fields show their own errors; the page keeps one error summary, the status form's.
  const link = useAppForm({
    id: "review-link",
    schema: ReviewLinkSchema,
    lastResult: linkResult,
    defaultValue: { days: "14" },
    labels: { reviewerName: t("links.reviewer"), purpose: t("links.purpose"), days: t("links.days") },
  });
  return (
    <div className="admin-referral-panel">
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
        <Form method="post" {...getFormProps(link.form)} className="usa-form">
          <TextField {...link.field("reviewerName")} hint={t("links.reviewerHint")} autoComplete="off" />
          <TextField {...link.field("purpose")} hint={t("links.purposeHint")} autoComplete="off" />
          <TextField
            {...link.field("days")}
            hint={t("links.daysHint")}
            type="number"
            min={1}
            max={REVIEW_LINK_MAX_DAYS}
            inputMode="numeric"
            className="usa-input--small"
          />
          <StatusButton name="intent" value="createLink" className="usa-button usa-button--outline">
            {t("links.create")}
          </StatusButton>
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
                <th scope="col">{t("links.reviewer")}</th>
                <th scope="col">{t("links.expires")}</th>
                <th scope="col">{t("links.state")}</th>
                <ActionsHeader label={t("users.actions")} />
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
                    <td data-label={t("links.createdBy")}>
                      {[link.first_name, link.last_name].filter(Boolean).join(" ")}
                    </td>
                    <td data-label={t("links.reviewer")}>
                      {[link.reviewer_name, link.purpose].filter(Boolean).join(": ")}
                    </td>
                    <td data-label={t("links.expires")}>{when(link.expires_at)}</td>
                    <td data-label={t("links.state")}>
                      {link.ended_reason ? t(`links.ended.${link.ended_reason}`) : t(`links.${state}`)}
                    </td>
                    <td>
                      {state === "live" ? (
                        <ConfirmAction
                          id={`revoke-${link.id}`}
                          href={`?confirm=revoke&link=${link.id}`}
                          triggerLabel={
                            <>
                              {t("links.revoke")}
                              <span className="usa-sr-only">
                                {" "}
                                {t("access.reviewLinkWho", {
                                  id: link.id,
                                  reviewer: link.reviewer_name,
                                  purpose: link.purpose,
                                })}
                              </span>
                            </>
                          }
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
                <th scope="col">{t("access.how")}</th>
                <th scope="col">{t("access.what")}</th>
              </tr>
            </thead>
            <tbody>
              {data.access.map((event) => (
                <tr key={event.id}>
                  <th scope="row" data-label={t("access.when")}>
                    {event.when}
                  </th>
                  <td data-label={t("access.who")}>{event.who}</td>
                  <td data-label={t("access.how")}>{event.how}</td>
                  <td data-label={t("access.what")}>{event.what}</td>
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
