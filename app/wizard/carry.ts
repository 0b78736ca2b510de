import { stepHref, type WizardIds } from "./steps";

// The add-document screen (R61) opens from a step with unsaved answers: the step's form is sent by GET to it, carried
// in its form, and handed back on return, so the step shows them as typed. Plain forms, so no JavaScript needed.

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

/** Values to restore when returning from the add screen, or null (then the saved ones show). */
export function restoredValues(url: URL, step: CarryFrom): Record<string, string | string[]> | null {
  if (url.searchParams.get("restore") !== "1") return null;
  const values: Record<string, string | string[]> = {};
  for (const field of CARRIED_FIELDS[step]) {
    const all = url.searchParams.getAll(field);
    values[field] = field === "screenings" || field === "conditions" ? all : (all[0] ?? "");
  }
  return values;
}
