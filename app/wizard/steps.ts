import { wizardBase, type WizardIds } from "~/utils/wizard-paths";
import { WIZARD_FORMS, WIZARD_STEPS, WIZARD_SUBMITTED, type Section } from "./step-table";

// The wizard's steps in order (R46, R47), for server redirects and the pages. Addresses follow step-table.js, from
// which remix.config.js defines the routes.

export type { Section, WizardStep } from "./step-table";
export { WIZARD_STEPS };

export type StepKey = (typeof WIZARD_STEPS)[number]["key"];

export const SECTIONS: readonly Section[] = ["referrer", "child", "family", "reasons", "details", "documentation"];

// In wizard-paths.ts for the models' e-mails too (step-table.test.ts checks them against the table).
export { reviewHref, wizardBase, type WizardIds } from "~/utils/wizard-paths";

function fill(path: string, values: Record<string, number | string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => String(values[name]));
}

function formPath(key: (typeof WIZARD_FORMS)[number]["key"]): string {
  return WIZARD_FORMS.find((form) => form.key === key)!.path;
}

export function stepHref(ids: WizardIds, key: StepKey): string {
  const step = WIZARD_STEPS.find((candidate) => candidate.key === key)!;
  return `${wizardBase(ids)}/${step.path}`;
}

/** The step after this one (the guardian add/edit screen returns to the list, outside this order). */
export function nextStep(key: StepKey): StepKey | null {
  const index = WIZARD_STEPS.findIndex((step) => step.key === key);
  return index >= 0 && index < WIZARD_STEPS.length - 1 ? WIZARD_STEPS[index + 1].key : null;
}

/** The steps a person counts ("Step 3 of 14"): all but the review. */
export const COUNTED_STEPS = WIZARD_STEPS.filter(
  (step): step is (typeof WIZARD_STEPS)[number] & { section: Section } => step.section !== null,
);

/** The step of a wizard path; a guardian's form counts as the guardian list, a document's as the documents list. */
export function stepOfPath(below: string): StepKey | null {
  const exact = WIZARD_STEPS.find((step) => step.path === below);
  if (exact) return exact.key;
  const segments = below.split("/");
  const form = WIZARD_FORMS.find(({ path }) => {
    const pattern = path.split("/");
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(":") || part === segments[index])
    );
  });
  return form ? form.step : null;
}

/**
 * Where the Back link of a page leads: the previous step, the list a form belongs to, or the child's page before the
 * first step.
 */
export function backHref(ids: WizardIds, below: string): string {
  const key = stepOfPath(below);
  if (key && WIZARD_STEPS.find((step) => step.key === key)!.path !== below) return stepHref(ids, key);
  const index = WIZARD_STEPS.findIndex((step) => step.key === key);
  return index > 0 ? stepHref(ids, WIZARD_STEPS[index - 1].key) : `/app/children/details/${ids.child}`;
}

/** The first step of a section: where the step indicator's link for it leads. */
export function firstStepOf(section: Section): StepKey {
  return WIZARD_STEPS.find((step) => step.section === section)!.key;
}

/** The add ("new") or edit screen of one supporting or consent document (step 16). */
export function documentHref(ids: WizardIds, document: number | "new"): string {
  return `${wizardBase(ids)}/${fill(formPath("document"), { document })}`;
}

/** The add ("new") or edit screen of one parent or guardian (step 8, outside the linear order). */
export function guardianHref(ids: WizardIds, adult: number | "new"): string {
  return `${wizardBase(ids)}/${fill(formPath("guardian"), { adult })}`;
}

/** The confirmation shown once a referral is sent. */
export function submittedHref(ids: WizardIds): string {
  return `${wizardBase(ids)}/${WIZARD_SUBMITTED.path}`;
}
