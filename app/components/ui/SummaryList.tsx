import type { ReactNode } from "react";

/** Terms and their values, one row each (a review, an account): a description list. */
export function SummaryList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="summary-list">
      {rows.map(([term, value]) => (
        <div key={term} className="summary-list__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
