import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { EmptyList, ListResults, SortHeader, UnknownComparisonAlert } from "~/components/list/List";
import { DateFilterField, ListFilters, TextFilter } from "~/components/list/ListFilters";
import type { loadChildrenList } from "~/components/children/children-list.server";
import { formatCalendarDate, formatDateEastern } from "~/utils/dates";
import { isFiltered } from "~/utils/list";

/** The children list, a referrer's own or one user's for administrators (R36, R43): one page for both. */
export function ChildrenListPage() {
  const { owner, state, total, rows, filterError, canCreate, language, exports } =
    useLoaderData<typeof loadChildrenList>();
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
        <TextFilter name="name" label={t("list.name")} value={state.text.name} />
        <DateFilterField name="birthdate" label={t("list.birthdate")} value={state.dates.birthdate} />
      </ListFilters>
      <ListResults
        label={title}
        caption={t("list.caption")}
        empty={t("list.empty")}
        head={
          <>
            <SortHeader field="name" label={t("list.name")} state={state} />
            <SortHeader field="birthdate" label={t("list.birthdate")} state={state} />
            <SortHeader field="createdAt" label={t("list.createdAt")} state={state} />
          </>
        }
        rows={rows}
        row={(row) => (
          <tr key={row.id}>
            <th scope="row" data-label={t("list.name")}>
              {/* Its name says the child's record number: two children of one name are told apart (R161). */}
              <Link
                to={`/app/children/details/${row.id}`}
                aria-label={`${row.name}${t("list.rowChild", { id: row.id })}`}
              >
                {row.name}
              </Link>
            </th>
            <td data-label={t("list.birthdate")}>{formatCalendarDate(row.birthdate, language)}</td>
            <td data-label={t("list.createdAt")}>{formatDateEastern(row.createdAt, language)}</td>
          </tr>
        )}
        state={state}
        total={total}
        exports={exports}
      />
    </div>
  );
}
