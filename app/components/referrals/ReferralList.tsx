import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { useTranslation } from "~/i18n/react";
import { ReferChildLink } from "~/components/children/ReferChildLink";
import { EmptyList, ListResults, UnknownComparisonAlert } from "~/components/list/List";
import { DateFilterField, ListFilters, SelectFilter, TextFilter } from "~/components/list/ListFilters";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";
import { Alert } from "~/components/ui/Alert";
import type { loadReferralList } from "~/components/referrals/referral-list.server";
import { formatCalendarDate, formatDateEastern } from "~/utils/dates";
import { isFiltered, type DateFilter } from "~/utils/list";
import { DETERMINED_STATUSES, pastDaysOf, TIMELINE_DAYS, timelineOf } from "~/utils/timeline";
import type { ReferralListKind } from "~/models/referral-list.server";

/** The one referral list screen (R75): drafts, submitted, or one user's. */
export function ReferralListPage() {
  const data = useLoaderData<typeof loadReferralList>();
  const {
    kind,
    owner,
    state,
    total,
    filterError,
    isAdmin,
    sameChild,
    today,
    language,
    counties,
    statuses,
    confirmDelete,
    titleKey,
  } = data;
  const { t } = useTranslation(["referrals", "common"]);
  // The 45-day timeline (R141): the day a referral is at, until eligibility is determined.
  const timelineText = (row: { status: string; submissionDate: string | null }) => {
    if (!row.submissionDate) return "";
    if ((DETERMINED_STATUSES as readonly string[]).includes(row.status)) return t("list.determined");
    const { day, overdue } = timelineOf(row.submissionDate, null, today);
    return t(overdue ? "list.dayOverdue" : "list.day", { count: day, days: TIMELINE_DAYS });
  };
  // A confirmation page keeps the list's filters and page, so the referral is still on it.
  const { search } = useLocation();
  const title = t(titleKey, owner ? { name: owner.name } : {});
  const deleteQuestion = (row: { id: number; childName: string }) => ({
    title: t("review.deleteTitle"),
    body: <p>{t("review.deleteBody")}</p>,
    confirmLabel: t("review.deleteConfirm"),
    cancelLabel: t("review.deleteCancel"),
    intent: "delete",
    fields: { referral: String(row.id) },
  });
  if (confirmDelete) {
    const back = new URLSearchParams(search);
    back.delete("delete");
    return <ConfirmPage {...deleteQuestion(confirmDelete)} cancelTo={`?${back}`} />;
  }
  const drafts = kind === "drafts";
  // One name for each status, wherever it is shown: common:statuses (R158).
  const statusLabel = (status: string) => t(`common:statuses.${status}`);
  // The filters set, said in the filters' summary in the order of the form (R155).
  const countyName = (code: string) => counties.find((county) => county.value === code)?.label ?? code;
  const textValue: Record<string, (value: string) => string> = {
    status: statusLabel,
    county: countyName,
    sameChild: (value) => (value === "yes" ? t("list.sameChildOnly") : value),
  };
  const textLabels: Array<[string, string]> = [
    ["childName", t("list.child")],
    ["status", t("list.status")],
    ["county", t("list.county")],
    ["pastDays", t("list.pastDays")],
    ["sameChild", t("list.sameChild")],
    ["completedByName", t("list.completedByName")],
    ["completedByEmail", t("list.completedByEmail")],
  ];
  const dateLabels: Array<[string, string]> = [
    ["birthdate", t("list.birthdate")],
    ["createdAt", t("list.createdAt")],
    ["updatedAt", t("list.updatedAt")],
    ["submissionDate", t("list.submissionDate")],
  ];
  const dateValue = (filter: DateFilter) => {
    const comparison = t(`common:list.comparisons.${filter.type}`);
    if (filter.type === "never") return comparison;
    const from = formatCalendarDate(filter.from, language);
    if (filter.type === "between")
      return t("common:list.applied.between", {
        comparison,
        from,
        to: formatCalendarDate(filter.to ?? filter.from, language),
      });
    return t("common:list.applied.date", { comparison, date: from });
  };
  const applied = [
    ...textLabels
      .filter(([name]) => state.text[name])
      .map(([name, label]) =>
        t("common:list.applied.item", { label, value: (textValue[name] ?? String)(state.text[name]) }),
      ),
    ...dateLabels
      .filter(([name]) => state.dates[name])
      .map(([name, label]) => t("common:list.applied.item", { label, value: dateValue(state.dates[name]) })),
  ];
  if (total === 0 && !isFiltered(state) && !filterError) {
    return (
      <div className="list-page">
        <h1>{title}</h1>
        <NothingYet kind={kind} isAdmin={isAdmin} ownerName={owner?.name} />
      </div>
    );
  }
  return (
    <div className="list-page">
      <h1>{title}</h1>
      {filterError ? <UnknownComparisonAlert /> : null}
      {/* A number of days the list cannot read is said, not silently left out (R141). */}
      {isAdmin && state.text.pastDays && pastDaysOf(state.text.pastDays) === null ? (
        <Alert kind="error" role="alert">
          {t("list.pastDaysInvalid")}
        </Alert>
      ) : null}
      <ListFilters
        state={state}
        label={t("list.filtersLabel")}
        applied={applied}
        // Open by themselves only when there is something to correct: a filter not understood, or no row matching.
        openFirst={
          Boolean(filterError) ||
          total === 0 ||
          (isAdmin && Boolean(state.text.pastDays) && pastDaysOf(state.text.pastDays) === null)
        }
      >
        <TextFilter name="childName" label={t("list.child")} />
        {!drafts ? (
          <SelectFilter
            name="status"
            label={t("list.status")}
            anyLabel={t("list.anyStatus")}
            options={statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
          />
        ) : null}
        <SelectFilter name="county" label={t("list.county")} anyLabel={t("list.anyCounty")} options={counties} />
        {isAdmin && !drafts ? (
          <TextFilter name="pastDays" label={t("list.pastDays")} hint={t("list.pastDaysHint")} inputMode="numeric" />
        ) : null}
        {sameChild && kind === "submitted" ? (
          <SelectFilter
            name="sameChild"
            label={t("list.sameChild")}
            anyLabel={t("list.sameChildAll")}
            options={[{ value: "yes", label: t("list.sameChildOnly") }]}
          />
        ) : null}
        {isAdmin ? (
          <>
            <TextFilter name="completedByName" label={t("list.completedByName")} />
            <TextFilter name="completedByEmail" label={t("list.completedByEmail")} />
          </>
        ) : null}
        <DateFilterField name="birthdate" label={t("list.birthdate")} />
        <DateFilterField name="createdAt" label={t("list.createdAt")} />
        <DateFilterField name="updatedAt" label={t("list.updatedAt")} allowNever />
        {!drafts ? <DateFilterField name="submissionDate" label={t("list.submissionDate")} /> : null}
      </ListFilters>
      <ListResults
        label={title}
        caption={t("list.caption", { title, count: total })}
        empty={t("list.empty")}
        columns={[
          {
            label: t("list.child"),
            sort: "childName",
            // Its name says the referral's number, which tells two referrals of one child apart (R161).
            cell: (row) => (
              <Link to={row.href} aria-label={`${row.childName}${t("list.rowReferral", { id: row.id })}`}>
                {row.childName}
              </Link>
            ),
          },
          {
            label: t("list.birthdate"),
            sort: "birthdate",
            cell: (row) => formatCalendarDate(row.birthdate, language),
          },
          {
            label: t("list.status"),
            sort: "status",
            cell: (row) => (
              <>
                {statusLabel(row.status)}
                {/* Under the status, not in a column of their own: most referrals have none. */}
                {row.statusDetails ? <span className="list-table__details usa-hint">{row.statusDetails}</span> : null}
              </>
            ),
          },
          { label: t("list.county"), cell: (row) => row.county },
          drafts && {
            label: t("list.createdAt"),
            sort: "createdAt",
            cell: (row) => formatDateEastern(row.createdAt, language),
          },
          drafts && {
            label: t("list.updatedAt"),
            sort: "updatedAt",
            cell: (row) => formatDateEastern(row.updatedAt, language),
          },
          !drafts && {
            label: t("list.submissionDate"),
            sort: "submissionDate",
            cell: (row) => (row.submissionDate ? formatDateEastern(row.submissionDate, language) : ""),
          },
          !drafts && {
            label: t("list.statusUpdatedAt"),
            sort: "statusUpdatedAt",
            cell: (row) => (row.statusUpdatedAt ? formatDateEastern(row.statusUpdatedAt, language) : ""),
          },
          !drafts && isAdmin && { label: t("list.timeline"), cell: timelineText },
          isAdmin && {
            label: t("list.completedBy"),
            sort: "completedBy",
            cell: (row) => (
              <>
                {row.completedByName}
                <br />
                <span className="usa-hint">{row.completedByEmail}</span>
              </>
            ),
          },
          {
            label: t("list.actions"),
            actions: true,
            cell: (row) => (
              <div className="table-actions">
                <Link to={row.href}>
                  {row.mayChange ? t("list.edit") : t("list.review")}
                  <RowName row={row} />
                </Link>
                {row.mayCopy ? (
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="referral" value={row.id} />
                    <StatusButton name="intent" value="copy" className="usa-button usa-button--unstyled">
                      {t("list.copy")}
                      <RowName row={row} />
                    </StatusButton>
                  </Form>
                ) : null}
                {row.mayDelete ? (
                  <ConfirmAction
                    id={`delete-referral-${row.id}`}
                    href={`?${new URLSearchParams([...new URLSearchParams(search), ["delete", String(row.id)]])}`}
                    triggerLabel={
                      <>
                        {t("list.delete")}
                        <RowName row={row} />
                      </>
                    }
                    triggerClassName="usa-button usa-button--unstyled"
                    {...deleteQuestion(row)}
                  />
                ) : null}
              </div>
            ),
          },
        ]}
        page={data}
      />
    </div>
  );
}

/** Which referral an action of its row is for, to a screen reader: the actions' own words are the same on each row. */
function RowName({ row }: { row: { id: number; childName: string } }) {
  const { t } = useTranslation("referrals");
  return (
    <span className="usa-sr-only">
      {" "}
      {row.childName}
      {t("list.rowReferral", { id: row.id })}
    </span>
  );
}

/** An empty list with no filter: say there is nothing yet and, to a referrer, how to begin. */
function NothingYet({ kind, isAdmin, ownerName }: { kind: ReferralListKind; isAdmin: boolean; ownerName?: string }) {
  const { t } = useTranslation("referrals");
  if (kind !== "drafts" && kind !== "submitted")
    return <EmptyList message={t("list.nothingYet.user", { name: ownerName })} />;
  if (isAdmin) return <EmptyList message={t(`list.nothingYet.${kind}Admin`)} />;
  return (
    <EmptyList message={t(`list.nothingYet.${kind}`)}>
      <p>{t(`list.nothingYet.${kind}How`)}</p>
      <p>
        <ReferChildLink />
      </p>
    </EmptyList>
  );
}
