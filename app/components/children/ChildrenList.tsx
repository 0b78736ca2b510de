import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { EmptyList, ListResults, UnknownComparisonAlert } from "~/components/list/List";
import { DateFilterField, ListFilters, TextFilter } from "~/components/list/ListFilters";
import type { loadChildrenList } from "~/components/children/children-list.server";
import { formatCalendarDate, formatDateEastern } from "~/utils/dates";
import { isFiltered } from "~/utils/list";

/** The children list, a referrer's own or one user's for administrators (R36, R43): one page for both. */
export function ChildrenListPage() {
  const data = useLoaderData<typeof loadChildrenList>();
  const { owner, state, total, filterError, canCreate, language } = data;
  const { t } = useTranslation(["children", "common"]);
  const title = owner ? t("list.ownerTitle", { name: owner.name }) : t("list.title");
  const addChild = (
    <Link to="/app/children/edit/preverify" className="usa-button">
      {t("list.add")}
    </Link>
  );
  if (total === 0 && !isFiltered(state) && !filterError) {
    return (
      <div className="list-page">
        <h1>{title}</h1>
        {canCreate ? (
          <EmptyList message={t("list.nothingYet")}>
            <p>{t("list.nothingYetHow")}</p>
            <p>{addChild}</p>
          </EmptyList>
        ) : (
          <EmptyList message={owner ? t("list.nothingYetOwner", { name: owner.name }) : t("list.nothingYetAdmin")} />
        )}
      </div>
    );
  }
  return (
    <div className="list-page">
      <h1>{title}</h1>
      {canCreate ? <p>{addChild}</p> : null}
      {filterError ? <UnknownComparisonAlert /> : null}
      <ListFilters state={state} label={t("list.filters")}>
        <TextFilter name="name" label={t("list.name")} />
        <DateFilterField name="birthdate" label={t("list.birthdate")} />
      </ListFilters>
      <ListResults
        label={title}
        caption={t("list.caption")}
        empty={t("list.empty")}
        columns={[
          {
            label: t("list.name"),
            sort: "name",
            // Its name says the child's record number: two children of one name are told apart (R161).
            cell: (row) => (
              <Link
                to={`/app/children/details/${row.id}`}
                aria-label={`${row.name}${t("list.rowChild", { id: row.id })}`}
              >
                {row.name}
              </Link>
            ),
          },
          {
            label: t("list.birthdate"),
            sort: "birthdate",
            cell: (row) => formatCalendarDate(row.birthdate, language),
          },
          {
            label: t("list.createdAt"),
            sort: "createdAt",
            cell: (row) => formatDateEastern(row.createdAt, language),
          },
        ]}
        page={data}
      />
    </div>
  );
}
