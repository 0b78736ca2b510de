import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/Alert";
import type { Language } from "~/i18n/config";
import { formatCalendarDate, parseTypedDate } from "~/utils/dates";
import {
  DATE_COMPARISONS,
  FILTER_DEBOUNCE_MS,
  isFiltered,
  listHref,
  PAGE_SIZES,
  pageCount,
  type DateFilter,
  type ListExport,
  type ListExports,
  type SortOrder,
} from "~/utils/list";

// The pieces every paged list is made of (children now; referrals and users later). The page,
// the sort and the filters live in the address, so every link and form here is plain HTML that
// works without JavaScript; with it, the filters apply as one types (760 ms after the last key).

export interface ListState {
  page: number;
  count: number;
  sort: string;
  order: SortOrder;
  text: Record<string, string>;
  dates: Record<string, DateFilter>;
}

/** A column heading that sorts the list; a second press reverses the order. */
/** A list address with a date comparison the list does not know (docs/product-rules.md R79: an error, not a filter ignored). */
export function UnknownComparisonAlert() {
  const { t } = useTranslation("common");
  return (
    <Alert kind="error" role="alert" heading={t("list.unknownComparisonHeading")}>
      {t("list.unknownComparison")}
    </Alert>
  );
}

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

/**
 * A list's table inside a box that scrolls sideways when the table is wider than the screen, so
 * the page itself never is. The box is focusable and named: a keyboard scrolls it too.
 */
export function ListTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus to be scrolled by keyboard
    <div className="usa-table-container--scrollable list-table-container" tabIndex={0} role="region" aria-label={label}>
      <table className="usa-table usa-table--borderless usa-table--stacked list-table">{children}</table>
    </div>
  );
}

/**
 * A list's rows and what follows them: a line saying no row matches, or the table (its caption for screen readers,
 * its head, a row per record), then the page links and the CSV export.
 */
export function ListResults<Row>({
  label,
  caption,
  empty,
  head,
  rows,
  row,
  state,
  total,
  exports,
}: {
  label: string;
  caption: string;
  empty: string;
  head: ReactNode;
  rows: Row[];
  row: (row: Row) => ReactNode;
  state: ListState;
  total: number;
  exports: ListExports;
}) {
  return (
    <>
      {rows.length === 0 ? (
        <p className="no-data">{empty}</p>
      ) : (
        <ListTable label={label}>
          <caption className="usa-sr-only">{caption}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{rows.map(row)}</tbody>
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

/** "Showing 11–20 of 35" and the page links. */
export function Pagination({ state, total }: { state: ListState; total: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const pages = pageCount(total, state.count);
  const page = Math.min(state.page, pages);
  const first = total === 0 ? 0 : (page - 1) * state.count + 1;
  const last = Math.min(total, page * state.count);
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((number) => number >= 1 && number <= pages).sort((a, b) => a - b);
  return (
    <div className="list-footer">
      <p className="list-count" role="status">
        {t("list.showing", { first, last, total })}
      </p>
      {pages > 1 ? (
        <nav aria-label={t("list.pagination")} className="usa-pagination">
          <ul className="usa-pagination__list">
            {page > 1 ? (
              <li className="usa-pagination__item usa-pagination__arrow">
                <Link to={listHref(search, { page: page - 1 })} className="usa-pagination__link usa-pagination__previous-page">
                  {t("list.previous")}
                </Link>
              </li>
            ) : null}
            {shown.map((number, index) => (
              <li key={number} className="usa-pagination__item usa-pagination__page-no">
                {index > 0 && number - shown[index - 1] > 1 ? (
                  <span className="list-gap" aria-hidden="true">
                    …{" "}
                  </span>
                ) : null}
                <Link
                  to={listHref(search, { page: number })}
                  className={`usa-pagination__button${number === page ? " usa-current" : ""}`}
                  aria-current={number === page ? "page" : undefined}
                  aria-label={t("list.page", { number })}
                >
                  {number}
                </Link>
              </li>
            ))}
            {page < pages ? (
              <li className="usa-pagination__item usa-pagination__arrow">
                <Link to={listHref(search, { page: page + 1 })} className="usa-pagination__link usa-pagination__next-page">
                  {t("list.next")}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/**
 * The filter form: a GET form, so the filters end up in the address. Without JavaScript the
 * Apply button sends it; with JavaScript it is sent 760 ms after the last change.
 *
 * It sits in a disclosure so that on a phone the first rows come first: closed until opened, or
 * open when the address holds a filter. On wider screens the styles show it open whatever its state.
 *
 * Given `applied` (the filters set, each said "Label: value"), it stays folded at every width, its summary saying which
 * filters are set or that none is, so the rows come first on a desk too (docs/product-rules.md R155); it then opens by
 * itself only when `openFirst` (a filter the list could not read, or filters no row matches: something to correct).
 */
export function ListFilters({
  state,
  children,
  label,
  applied,
  openFirst = false,
}: {
  state: ListState;
  children: ReactNode;
  label: string;
  applied?: string[];
  openFirst?: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const timer = useRef<number>();
  const { pathname } = useLocation();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Only the first render decides: afterwards the person opens and closes it, and filtering as they
  // type (a new address) must not snap it shut under their fingers.
  const [openAtFirst] = useState(() => (applied ? openFirst : isFiltered(state)));
  return (
    <details className={`list-filters-disclosure${applied ? " list-filters-disclosure--folded" : ""}`} open={openAtFirst}>
      <summary>
        <span className="list-filters__label">{label}</span>
        {applied ? (
          <span className="list-filters__applied">{applied.length ? t("list.applied.some", { filters: applied.join("; ") }) : t("list.applied.none")}</span>
        ) : null}
      </summary>
      <Form
        method="get"
        className="usa-form list-filters"
        aria-label={label}
        onChange={(event) => {
          const form = event.currentTarget;
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), FILTER_DEBOUNCE_MS);
        }}
        // Sent by its button (or Enter) before the wait is over: not again once it is, which would load the list anew
        // under what the person did next (and take away the message of what it did).
        onSubmit={() => window.clearTimeout(timer.current)}
      >
        <input type="hidden" name="sort" value={state.sort} />
        <input type="hidden" name="order" value={state.order} />
        <div className="list-filters__fields">
          {children}
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="list-count">
              {t("list.pageSize")}
            </label>
            <select className="usa-select" id="list-count" name="count" defaultValue={String(state.count)}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="form-actions">
          <button type="submit" className="usa-button usa-button--outline">
            {t("list.apply")}
          </button>
          <Link to={pathname}>{t("list.clear")}</Link>
        </div>
      </Form>
    </details>
  );
}

/** A filter chosen from a list ("any" first). */
export function SelectFilter({
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <div className="usa-form-group">
      <label className="usa-label" htmlFor={`filter-${name}`}>
        {label}
      </label>
      <select className="usa-select" id={`filter-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TextFilter({
  name,
  label,
  value,
  hint,
  inputMode,
}: {
  name: string;
  label: string;
  value: string | undefined;
  hint?: string;
  inputMode?: "numeric";
}) {
  return (
    <div className="usa-form-group">
      <label className="usa-label" htmlFor={`filter-${name}`}>
        {label}
      </label>
      {hint ? (
        <div className="usa-hint" id={`filter-${name}-hint`}>
          {hint}
        </div>
      ) : null}
      <input
        className="usa-input"
        id={`filter-${name}`}
        name={name}
        type="search"
        defaultValue={value ?? ""}
        maxLength={100}
        inputMode={inputMode}
        aria-describedby={hint ? `filter-${name}-hint` : undefined}
      />
    </div>
  );
}

/**
 * A date is typed as text in the order the lists show it (mm/dd/yyyy, dd/mm/aaaa): a browser's own
 * date box follows the browser's language, not the page's, and would ask a Spanish page for mm/dd.
 */
const TYPED_DATE = { type: "text", maxLength: 10, autoComplete: "off", spellCheck: false } as const;

/** A date filter: a comparison (before, after, exactly, between) and one or two dates. */
export function DateFilterField({
  name,
  label,
  value,
  allowNever = false,
}: {
  name: string;
  label: string;
  value: DateFilter | undefined;
  allowNever?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const language = i18n.language as Language;
  // A date the list reads is shown in the language's order; anything else stays as it was typed.
  const typed = (part: "From" | "To") => {
    const text = new URLSearchParams(search).get(`${name}${part}`) ?? "";
    const date = parseTypedDate(text, language);
    return date ? formatCalendarDate(date, language) : text;
  };
  const [type, setType] = useState(value?.type ?? "");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Without JavaScript both dates show; the second is used for "between".
  const showTo = !hydrated || type === "between";
  return (
    <fieldset className="usa-fieldset list-date-filter">
      <legend className="usa-legend">{label}</legend>
      <div className="usa-form-group">
        <label className="usa-label" htmlFor={`filter-${name}-type`}>
          {t("list.comparison")}
        </label>
        <select
          className="usa-select"
          id={`filter-${name}-type`}
          name={`${name}Type`}
          defaultValue={value?.type ?? ""}
          onChange={(event) => setType(event.currentTarget.value)}
        >
          <option value="">{t("list.any")}</option>
          {[...DATE_COMPARISONS, ...(allowNever ? (["never"] as const) : [])].map((comparison) => (
            <option key={comparison} value={comparison}>
              {t(`list.comparisons.${comparison}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="usa-form-group">
        <label className="usa-label" htmlFor={`filter-${name}-from`}>
          {t(type === "between" ? "list.from" : "list.date")} <span className="usa-hint">{t("list.dateHint")}</span>
        </label>
        <input className="usa-input" id={`filter-${name}-from`} name={`${name}From`} {...TYPED_DATE} defaultValue={typed("From")} />
      </div>
      {showTo ? (
        <div className="usa-form-group">
          <label className="usa-label" htmlFor={`filter-${name}-to`}>
            {t("list.to")} <span className="usa-hint">{t("list.dateHint")}</span>
          </label>
          {!hydrated ? (
            <span className="usa-hint" id={`filter-${name}-to-hint`}>
              {t("list.toHint")}
            </span>
          ) : null}
          <input
            className="usa-input"
            id={`filter-${name}-to`}
            name={`${name}To`}
            {...TYPED_DATE}
            defaultValue={typed("To")}
            aria-describedby={!hydrated ? `filter-${name}-to-hint` : undefined}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * The CSV exports (docs/product-rules.md R81): the whole list, filters cleared, and, beside it when
 * filters are set and show rows, the rows they show. Without JavaScript, links to the files, which
 * the server streams. With it, a file is read as it arrives, with the share done shown, and then saved.
 */
export function CsvExport({ exports, total }: { exports: ListExports; total: number }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const filtered = total > 0 ? exports.filtered : null;
  // An empty list with no filter has nothing to export.
  if (total === 0 && !exports.filtered) return null;

  async function download({ href, fileName }: ListExport) {
    setFailed(false);
    setProgress(0);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
      const expected = Number(response.headers.get("X-Total-Count") ?? total) + 1;
      const reader = response.body.getReader();
      const chunks: BlobPart[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (const byte of value) if (byte === 10) lines += 1;
        setProgress(Math.min(99, Math.floor((lines / Math.max(expected, 1)) * 100)));
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress(100);
    } catch {
      setFailed(true);
      setProgress(null);
    }
  }

  const button = (file: ListExport, label: string) => (
    <a
      href={file.href}
      download={file.fileName}
      className="usa-button usa-button--outline"
      onClick={(event) => {
        event.preventDefault();
        // One file at a time: the progress shown is that file's.
        if (progress === null || progress === 100) void download(file);
      }}
    >
      {label}
    </a>
  );

  return (
    <div className="list-export">
      <div className="list-export__buttons">
        {button(exports.all, t("list.exportAll"))}
        {filtered ? button(filtered, t("list.exportFiltered")) : null}
      </div>
      <span className="usa-hint">{t(filtered ? "list.exportHintFiltered" : "list.exportHint")}</span>
      <div aria-live="polite">
        {progress !== null ? (
          <p>
            <progress max={100} value={progress} aria-label={t("list.exportProgressLabel")} />{" "}
            {t(progress === 100 ? "list.exportDone" : "list.exportProgress", { percent: progress })}
          </p>
        ) : null}
        {failed ? <p className="usa-error-message">{t("list.exportFailed")}</p> : null}
      </div>
    </div>
  );
}
