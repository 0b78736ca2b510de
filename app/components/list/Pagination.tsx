import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { listHref, pageCount } from "~/utils/list";
import type { ListState } from "./List";

/** "Showing 11–20 of 35" and the page links. */
export function Pagination({ state, total }: { state: ListState; total: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const pages = pageCount(total, state.count);
  const page = Math.min(state.page, pages);
  const first = total === 0 ? 0 : (page - 1) * state.count + 1;
  const last = Math.min(total, page * state.count);
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((number) => number >= 1 && number <= pages)
    .sort((a, b) => a - b);
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
                <Link
                  to={listHref(search, { page: page - 1 })}
                  className="usa-pagination__link usa-pagination__previous-page"
                >
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
                <Link
                  to={listHref(search, { page: page + 1 })}
                  className="usa-pagination__link usa-pagination__next-page"
                >
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
