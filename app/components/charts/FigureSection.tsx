import { useTranslation } from "~/i18n/react";
import { Chart } from "./Chart";
import type { ChartGeometry, FigureTable } from "./geometry";

/** One figure (R127): heading, chart, the same figures as a table (what a screen reader reads), and its CSV. */
export function FigureSection({
  id,
  heading,
  chart,
  table,
  csvHref,
  headingLevel = "h2",
  empty = false,
  emptyText,
}: {
  id: string;
  heading: string;
  chart: ChartGeometry | null;
  table: FigureTable;
  csvHref?: string;
  headingLevel?: "h2" | "h3";
  /** Nothing was counted: `emptyText` is said instead of the chart and the table. */
  empty?: boolean;
  emptyText?: string;
}) {
  const { t, i18n } = useTranslation(["common"]);
  const number = new Intl.NumberFormat(i18n.language === "es" ? "es-US" : "en-US", { maximumFractionDigits: 1 });
  const cell = (value: string | number | null) =>
    value === null ? "–" : typeof value === "number" ? number.format(value) : value;
  const Heading = headingLevel;
  return (
    <section className="figure" aria-labelledby={`figure-${id}`} data-figure={id}>
      <Heading id={`figure-${id}`}>{heading}</Heading>
      {empty ? (
        <p>{emptyText}</p>
      ) : (
        <>
          {chart ? (
            <figure className="figure__chart">
              <Chart chart={chart} />
            </figure>
          ) : null}
          <div
            className="usa-table-container--scrollable figure__table"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes the focus to scroll by keyboard
            tabIndex={0}
            role="region"
            aria-label={heading}
          >
            <table className="usa-table usa-table--borderless usa-table--compact">
              <caption className="usa-sr-only">{heading}</caption>
              <thead>
                <tr>
                  {table.head.map((name) => (
                    <th key={name} scope="col">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((value, column) =>
                      column === 0 ? (
                        <th key={column} scope="row">
                          {cell(value)}
                        </th>
                      ) : (
                        <td key={column} className="figure__number">
                          {cell(value)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {csvHref ? (
        <p>
          <a href={csvHref} download>
            {t("common:figures.csv", { name: heading })}
          </a>
        </p>
      ) : null}
    </section>
  );
}
