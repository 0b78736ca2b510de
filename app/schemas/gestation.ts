// Apart from the step's schema so that the review page can read a gestational age without the wizard's forms.

/** The stored gestational age when "unknown" is ticked (R54). */
export const GESTATION_UNKNOWN = -1;

/** Shown again on the page: 276 days → 39 weeks and 3 days; unknown → the box ticked. */
export function gestationParts(days: number | null): { weeks: string; days: string; unknown: boolean } {
  if (days === null) return { weeks: "", days: "", unknown: false };
  if (days === GESTATION_UNKNOWN) return { weeks: "", days: "", unknown: true };
  return { weeks: String(Math.floor(days / 7)), days: String(days % 7), unknown: false };
}
