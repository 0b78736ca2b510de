import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { daysInMonth } from "~/utils/child-age";
import { describedBy, groupClass, Hint, type Meta } from "./field-frame";
import { SelectField, type Option } from "./form";

/**
 * A date as month, day and year lists (USWDS memorable date). The schema's one message is on `meta`, the date's own
 * name. Without JavaScript the day list offers 1-31 and the server refuses a day the month lacks (R38).
 */
export function MemorableDateField({
  meta,
  label,
  hint,
  month,
  day,
  year,
  months,
  years,
  large,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  month: Meta;
  day: Meta;
  year: Meta;
  months: Option[];
  years: Option[];
  /** The legend in USWDS's large size, when the date is the page's main question. */
  large?: boolean;
}) {
  const { t } = useTranslation();
  const initial = (part: Meta) => (typeof part.initialValue === "string" ? part.initialValue : "");
  const [chosenYear, setChosenYear] = useState(() => initial(year));
  const [chosenMonth, setChosenMonth] = useState(() => initial(month));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A leap year while none is chosen, so 29 February can be picked before the year.
  const dayCount = hydrated && chosenMonth ? daysInMonth(Number(chosenYear) || 2024, Number(chosenMonth)) : 31;
  const days = Array.from({ length: dayCount }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
  const invalid = Boolean(meta.errors?.length);
  // Each part in error is read with the date's message, not only the group as it is entered (R161).
  const describes = invalid ? [meta.errorId] : undefined;
  return (
    <fieldset
      className={`usa-fieldset ${groupClass(meta)}`}
      id={meta.id}
      tabIndex={-1}
      aria-describedby={describedBy(meta, hint)}
    >
      <legend className={`usa-legend${large ? " usa-legend--large" : ""}`}>{label}</legend>
      <Hint meta={meta} hint={hint} />
      {invalid ? (
        <span className="usa-error-message" id={meta.errorId} role="alert">
          {meta.errors!.map((error: string) => t(error, { ns: "common" })).join(" ")}
        </span>
      ) : null}
      <div className="date-selects">
        <SelectField
          meta={month}
          label={t("form.month", { ns: "common" })}
          options={months}
          onChange={(event) => setChosenMonth(event.currentTarget.value)}
          autoComplete="off"
          invalid={invalid}
          describes={describes}
        />
        <SelectField
          meta={day}
          label={t("form.day", { ns: "common" })}
          options={days}
          autoComplete="off"
          invalid={invalid}
          describes={describes}
        />
        <SelectField
          meta={year}
          label={t("form.year", { ns: "common" })}
          options={years}
          onChange={(event) => setChosenYear(event.currentTarget.value)}
          autoComplete="off"
          invalid={invalid}
          describes={describes}
        />
      </div>
    </fieldset>
  );
}
