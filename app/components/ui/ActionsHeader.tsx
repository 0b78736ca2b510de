// A module of its own: the review's and the steps' small tables use it without loading the lists.

/** The heading of a table's column of row actions: said to screen readers only, the buttons speak for themselves. */
export function ActionsHeader({ label }: { label: string }) {
  return (
    <th scope="col">
      <span className="usa-sr-only">{label}</span>
    </th>
  );
}
