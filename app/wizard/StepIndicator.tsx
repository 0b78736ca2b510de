import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Badge } from "./badges";
import type { StepPlace } from "./StepHeading";
import { firstStepOf, SECTIONS, stepHref, type Section, type WizardIds } from "./steps";

/**
 * The USWDS step indicator with each section's progress in words (R48, R149), then "Step n of 14". On phones
 * USWDS hides the labels, so the progress stays in the bars' text. The line is said in StepHeading, which takes focus,
 * so a screen reader does not hear it twice.
 */
export function StepIndicator({
  ids,
  place,
  badges,
}: {
  ids: WizardIds;
  place: StepPlace;
  badges: Record<Section, Badge>;
}) {
  const { t } = useTranslation("wizard");
  const section = place.section;
  return (
    <div className="usa-step-indicator usa-step-indicator--no-counters wizard__sections">
      <nav aria-label={t("sectionsLabel")}>
        <ol className="usa-step-indicator__segments">
          {SECTIONS.map((each) => {
            const state = each === section ? "current" : badges[each] === "REVIEW" ? "complete" : null;
            return (
              <li
                key={each}
                className={`usa-step-indicator__segment${state ? ` usa-step-indicator__segment--${state}` : ""}`}
              >
                <span className="usa-step-indicator__segment-label">
                  <Link to={stepHref(ids, firstStepOf(each))} aria-current={each === section ? "step" : undefined}>
                    {t(`sections.${each}`)}
                  </Link>
                  <span className="wizard__section-progress">
                    <span className="usa-sr-only">: </span>
                    {t(`progress.${badges[each]}`)}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      </nav>
      <p className="wizard__progress" aria-hidden="true">
        <span className="wizard__progress-count">{t("stepOf", { number: place.number, total: place.total })}</span>{" "}
        <span className="wizard__progress-section">· {t(`sections.${section}`)}</span>
      </p>
    </div>
  );
}
