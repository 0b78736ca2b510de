import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { ActionsHeader } from "~/components/ui/ActionsHeader";
import { Alert } from "~/components/ui/Alert";
import { listHref, type DateFilter, type ListExports, type SortOrder } from "~/utils/list";
import { CsvExport } from "./CsvExport";
import { Pagination } from "./Pagination";

// The parts of every paged list. Page, sort and filters live in the address, so everything works without JavaScript.

export interface ListState {
  page: number;
  count: number;
  sort: string;
  order: SortOrder;
  text: Record<string, string>;
  dates: Record<string, DateFilter>;
}

/** A date comparison the list does not know, in its address: an error, not a filter ignored (R79). */
export function UnknownComparisonAlert() {
  const { t } = useTranslation("common");
  return (
    <Alert kind="error" role="alert" heading={t("list.unknownComparisonHeading")}>
      {t("list.unknownComparison")}
    </Alert>
  );
}

/** A column heading that sorts the list; a second press reverses the order. */
export function SortHeader({ field, label, state }: { field: string; label: string; state: ListState }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const active = state.sort === field;
  const next: SortOrder = active && state.order === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (state.order === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={listHref(search, { sort: field, order: next })} className="list-sort">
        {label}
        <span className="usa-sr-only">, {t(next === "asc" ? "list.sortAscending" : "list.sortDescending")}</span>
        {active ? <span aria-hidden="true">{state.order === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </th>
  );
}

/** Scrolls sideways inside its box, never the page; the box is focusable and named so a keyboard can scroll it. */
export function ListTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes the focus to scroll by keyboard
    <div className="usa-table-container--scrollable list-table-container" tabIndex={0} role="region" aria-label={label}>
      <table className="usa-table usa-table--borderless usa-table--stacked list-table">{children}</table>
    </div>
  );
}

/** A column of a list: its heading (a sort link when `sort` names the field) and each row's cell. */
export interface ListColumn<Row> {
  label: string;
  sort?: string;
  /** The row's actions: the heading is for screen readers only, and phones show no label before the cell. */
  actions?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A list's rows, or a no-match line, then page links and the CSV export. The first column heads its row; each cell
 * carries its column's label, shown before it where the table stacks on phones.
 */
export function ListResults<Row extends { id: number | string }>({
  label,
  caption,
  empty,
  columns: maybeColumns,
  page: { rows, state, total, exports },
}: {
  label: string;
  caption: string;
  empty: string;
  /** `false` for a column this reader does not have. */
  columns: Array<ListColumn<Row> | false>;
  /** What the list page loaded (loadListPage): this page's rows, the query, the count and the exports. */
  page: { rows: Row[]; state: ListState; total: number; exports: ListExports };
}) {
  const columns = maybeColumns.filter((column) => column !== false);
  return (
    <>
      {rows.length === 0 ? (
        <p className="no-data">{empty}</p>
      ) : (
        <ListTable label={label}>
          <caption className="usa-sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) =>
                column.actions ? (
                  <ActionsHeader key={column.label} label={column.label} />
                ) : column.sort ? (
                  <SortHeader key={column.label} field={column.sort} label={column.label} state={state} />
                ) : (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.label} scope="row" data-label={column.label}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.label} data-label={column.actions ? undefined : column.label}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <Pagination state={state} total={total} />
      <CsvExport exports={exports} total={total} />
    </>
  );
}

/** What a list says when it has no row and nothing narrows it: that there is nothing yet, and how to begin. */
export function EmptyList({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="list-empty">
      <p className="list-empty__message">{message}</p>
      {children}
    </div>
  );
}
