import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Badge } from "./badges";
import type { StepPlace } from "./StepHeading";
import { firstStepOf, SECTIONS, stepHref, type Section, type WizardIds } from "./steps";

/**
 * The USWDS step indicator over the wizard's sections, each saying its progress in words (Not started, In progress,
 * Ready to review: docs/product-rules.md R48, R149), and under it "Step n of 14" with the current section; then the
 * step's question, with nothing about the sections between. On a phone the sections shrink to bars (USWDS hides their
 * labels) and the line under them says where the person is; the section's progress stays in the bars' text for a
 * screen reader. That line is said in the step's heading (StepHeading), which takes the focus: a screen reader does not
 * read it twice.
 */
export function StepIndicator({ ids, place, badges }: { ids: WizardIds; place: StepPlace; badges: Record<Section, Badge> }) {
  const { t } = useTranslation("wizard");
  const section = place.section;
  return (
    <div className="usa-step-indicator usa-step-indicator--no-counters wizard__sections">
      <nav aria-label={t("sectionsLabel")}>
        <ol className="usa-step-indicator__segments">
          {SECTIONS.map((each) => {
            const state = each === section ? "current" : badges[each] === "REVIEW" ? "complete" : null;
            return (
              <li key={each} className={`usa-step-indicator__segment${state ? ` usa-step-indicator__segment--${state}` : ""}`}>
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
