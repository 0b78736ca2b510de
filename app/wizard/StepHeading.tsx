import { createContext, useContext, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { COUNTED_STEPS, type Section, type StepKey } from "./steps";

/** Where a wizard page is: "Step n of 14" and its section (R149). */
export interface StepPlace {
  number: number;
  total: number;
  section: Section;
}

export function stepPlace(step: StepKey): StepPlace {
  const index = COUNTED_STEPS.findIndex((each) => each.key === step);
  return { number: index + 1, total: COUNTED_STEPS.length, section: COUNTED_STEPS[index].section };
}

/** Given by the wizard's frame to the step it shows. */
export const StepPlaceContext = createContext<StepPlace | null>(null);

/**
 * The step's h1, focused on open (R166); step and section are said inside it, since screen readers read headings
 * but not reliably descriptions.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const place = useContext(StepPlaceContext);
  const { t } = useTranslation("wizard");
  return (
    <h1>
      {children}
      {place ? (
        <span className="usa-sr-only">
          {t("headingProgress", { number: place.number, total: place.total, section: t(`sections.${place.section}`) })}
        </span>
      ) : null}
    </h1>
  );
}
