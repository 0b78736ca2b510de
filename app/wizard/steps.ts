import { wizardBase, type WizardIds } from "~/utils/wizard-paths";

// The referral wizard's steps (docs/product-rules.md R46, R47), in order, and where "Save and continue" leads. Shared by
// the server (redirects) and the pages (the step indicator and links).

export type Section = "referrer" | "child" | "family" | "reasons" | "details" | "documentation";

export interface WizardStep {
  key: string;
  /** Below the wizard's parent path. */
  path: string;
  /** The step indicator's section; the review (the last step, docs/product-rules.md R46) belongs to none. */
  section: Section | null;
}

export const WIZARD_STEPS = [
  { key: "relationship", path: "referrer-information/relationship", section: "referrer" },
  { key: "proxy", path: "referrer-information/proxy", section: "referrer" },
  { key: "sex", path: "child-information/sex", section: "child" },
  { key: "childLanguage", path: "child-information/language", section: "child" },
  { key: "address", path: "child-information/address", section: "child" },
  { key: "gestationalAge", path: "child-information/gestational-age", section: "child" },
  { key: "guardians", path: "family-information/guardian-list", section: "family" },
  { key: "familyLanguage", path: "family-information/language", section: "family" },
  { key: "interpreter", path: "family-information/interpreter", section: "family" },
  { key: "fosterCare", path: "family-information/foster-care", section: "family" },
  { key: "reasons", path: "reason/select", section: "reasons" },
  { key: "screening", path: "reason/screen", section: "reasons" },
  { key: "details", path: "details/select", section: "details" },
  { key: "documents", path: "supporting-documentation/list", section: "documentation" },
  { key: "review", path: "review", section: null },
] as const satisfies readonly WizardStep[];

export type StepKey = (typeof WIZARD_STEPS)[number]["key"];

export const SECTIONS: readonly Section[] = ["referrer", "child", "family", "reasons", "details", "documentation"];

export { reviewHref, wizardBase, type WizardIds } from "~/utils/wizard-paths";

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
export const COUNTED_STEPS = WIZARD_STEPS.filter((step) => step.section !== null);

/**
 * The step a page of the wizard belongs to, from the part of its address below the wizard's base:
 * a parent's or guardian's form counts as the guardian list, a document's form as the documents list.
 */
export function stepOfPath(below: string): StepKey | null {
  const exact = WIZARD_STEPS.find((step) => step.path === below);
  if (exact) return exact.key;
  if (below.startsWith("family-information/guardian/")) return "guardians";
  if (below.startsWith("supporting-documentation/")) return "documents";
  return null;
}

/** Where the Back link of a page leads: the previous step, the list a form belongs to, or the child's page before the first step. */
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
  return `${wizardBase(ids)}/supporting-documentation/${document}`;
}

/** The add ("new") or edit screen of one parent or guardian (step 8, outside the linear order). */
export function guardianHref(ids: WizardIds, adult: number | "new"): string {
  return `${wizardBase(ids)}/family-information/guardian/add-edit/${adult}`;
}

/** The confirmation shown once a referral is sent. */
export function submittedHref(ids: WizardIds): string {
  return `${wizardBase(ids)}/submitted`;
}
