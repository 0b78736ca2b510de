import { Link, useLocation, useSubmit } from "@remix-run/react";
import { Form, StatusButton } from "~/components/ui/busy";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import { formatCalendarDate, parseTypedDate } from "~/utils/dates";
import { DATE_COMPARISONS, FILTER_DEBOUNCE_MS, isFiltered, PAGE_SIZES, type DateFilter } from "~/utils/list";
import type { ListState } from "./List";

/** The list's state, where each filter of the form finds its value by its name. */
const FilterState = createContext<ListState | null>(null);

/**
 * A GET form, so filters live in the address; with JavaScript also sent FILTER_DEBOUNCE_MS after the last change.
 * Folded on phones so rows come first (open when a filter is set); with `applied`, folded at every width with a
 * summary of what is set (R155), opening only on `openFirst` (something to correct).
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
  // First render only: later filtering (a new address) must not snap it shut under the person's fingers.
  const [openAtFirst] = useState(() => (applied ? openFirst : isFiltered(state)));
  return (
    <details
      className={`list-filters-disclosure${applied ? " list-filters-disclosure--folded" : ""}`}
      open={openAtFirst}
    >
      <summary>
        <span className="list-filters__label">{label}</span>
        {applied ? (
          <span className="list-filters__applied">
            {applied.length ? t("list.applied.some", { filters: applied.join("; ") }) : t("list.applied.none")}
          </span>
        ) : null}
      </summary>
      <Form
        method="get"
        className="usa-form list-filters"
        aria-label={label}
        onChange={(event) => {
          const form = event.currentTarget;
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(
            () => submit(form, { replace: true, preventScrollReset: true }),
            FILTER_DEBOUNCE_MS,
          );
        }}
        // Submitted before the wait: cancel it, or the list would reload under what the person did next.
        onSubmit={() => window.clearTimeout(timer.current)}
      >
        <input type="hidden" name="sort" value={state.sort} />
        <input type="hidden" name="order" value={state.order} />
        <div className="list-filters__fields">
          <FilterState.Provider value={state}>{children}</FilterState.Provider>
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
          <StatusButton className="usa-button usa-button--outline">{t("list.apply")}</StatusButton>
          <Link to={pathname}>{t("list.clear")}</Link>
        </div>
      </Form>
    </details>
  );
}

/** A text or list filter's form group: its label, then what the caller puts below (its control is filter-<name>). */
function FilterGroup({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div className="usa-form-group">
      <label className="usa-label" htmlFor={`filter-${name}`}>
        {label}
      </label>
      {children}
    </div>
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
  /** What it shows: the list's own filter of its name unless said. */
  value?: string;
  anyLabel: string;
  options: Array<{ value: string; label: string }>;
}) {
  const list = useContext(FilterState);
  return (
    <FilterGroup name={name} label={label}>
      <select className="usa-select" id={`filter-${name}`} name={name} defaultValue={value ?? list?.text[name] ?? ""}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterGroup>
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
  /** What it shows: the list's own filter of its name unless said. */
  value?: string;
  hint?: string;
  inputMode?: "numeric";
}) {
  const list = useContext(FilterState);
  return (
    <FilterGroup name={name} label={label}>
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
        defaultValue={value ?? list?.text[name] ?? ""}
        maxLength={100}
        inputMode={inputMode}
        aria-describedby={hint ? `filter-${name}-hint` : undefined}
      />
    </FilterGroup>
  );
}

/**
 * Dates typed as text in the list's order: a native date box follows the browser's language, not the page's, and
 * would ask a Spanish page for mm/dd.
 */
const TYPED_DATE = { type: "text", maxLength: 10, autoComplete: "off", spellCheck: false } as const;

export function DateFilterField({
  name,
  label,
  value: given,
  allowNever = false,
}: {
  name: string;
  label: string;
  /** What it shows: the list's own filter of its name unless said. */
  value?: DateFilter;
  allowNever?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const list = useContext(FilterState);
  const value = given ?? list?.dates[name];
  const language = i18n.language as Language;
  // A read date is reshown in the page's order; unreadable text stays as typed, to correct.
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
        <input
          className="usa-input"
          id={`filter-${name}-from`}
          name={`${name}From`}
          {...TYPED_DATE}
          defaultValue={typed("From")}
        />
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
