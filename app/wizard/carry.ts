import { stepHref, type WizardIds } from "./steps";

// The add-document screen (docs/product-rules.md R61) is opened from a step whose form may hold answers not
// yet saved: the documents list (the consent answer) or the screenings screen (checked reasons,
// other condition, screening date). The opening button sends that form by GET to the add screen,
// which carries these values (prevState = `from`, isConsent = `consent`, and the restore object)
// in its own form and hands them back when it returns, so the step shows them as they were typed.
// Plain links and forms: it works the same without JavaScript.

export const CARRIED_FIELDS = {
  documents: ["childParentConsent"],
  screening: ["screenings", "conditions", "otherMedicalCondition", "failedScreeningDate"],
} as const;

export type CarryFrom = keyof typeof CARRIED_FIELDS;

export interface Carried {
  /** The step to return to (prevState). */
  from: CarryFrom;
  isConsent: boolean;
  /** The returning step's values as they were typed (the restore object), in field order. */
  restore: Array<[string, string]>;
}

/** Reads what the add screen carries, from its address (GET) or its form (POST). */
export function readCarried(values: URLSearchParams | FormData): Carried {
  const fromValue = values.get("from");
  const from: CarryFrom = fromValue === "screening" ? "screening" : "documents";
  const restore: Array<[string, string]> = [];
  for (const field of CARRIED_FIELDS[from]) {
    for (const value of values.getAll(field)) {
      if (typeof value === "string" && value.length <= 2000) restore.push([field, value]);
    }
  }
  return { from, isConsent: values.get("consent") === "1", restore };
}

export function returnHref(ids: WizardIds, carried: Carried): string {
  const href = stepHref(ids, carried.from);
  if (!carried.restore.length) return href;
  return `${href}?${new URLSearchParams([["restore", "1"], ...carried.restore]).toString()}`;
}

/**
 * The values to show on a step returned to from the add screen, or null when it was opened
 * normally (then it shows what is saved).
 */
export function restoredValues(url: URL, step: CarryFrom): Record<string, string | string[]> | null {
  if (url.searchParams.get("restore") !== "1") return null;
  const values: Record<string, string | string[]> = {};
  for (const field of CARRIED_FIELDS[step]) {
    const all = url.searchParams.getAll(field);
    values[field] = field === "screenings" || field === "conditions" ? all : (all[0] ?? "");
  }
  return values;
}
