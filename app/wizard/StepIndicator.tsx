import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Badge } from "./badges";
import { COUNTED_STEPS, firstStepOf, SECTIONS, stepHref, type Section, type StepKey, type WizardIds } from "./steps";

/**
 * The USWDS step indicator over the wizard's sections, each saying its progress in words (Not started, In progress,
 * Ready to review: docs/product-rules.md R48, R149), and under it "Step n of 14" with the current section; then the
 * step's question, with nothing about the sections between. On a phone the sections shrink to bars (USWDS hides their
 * labels) and the line under them says where the person is; the section's progress stays in the bars' text for a
 * screen reader.
 */
export function StepIndicator({ ids, current, badges }: { ids: WizardIds; current: StepKey; badges: Record<Section, Badge> }) {
  const { t } = useTranslation("wizard");
  const index = COUNTED_STEPS.findIndex((step) => step.key === current);
  const section = COUNTED_STEPS[index].section;
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
      <p className="wizard__progress">
        <span className="wizard__progress-count">{t("stepOf", { number: index + 1, total: COUNTED_STEPS.length })}</span>{" "}
        <span className="wizard__progress-section">· {t(`sections.${section}`)}</span>
      </p>
    </div>
  );
}
