// Shared by the server (the page without JavaScript) and the browser (suggestions as one types).

export interface AddressSuggestion {
  line1: string;
  city: string;
  zip: string;
  state: "MD";
  /** The suggested county (FIPS code), or null when none could be told. */
  county: string | null;
  /** Every county the ZIP touches: the person may pick another one. */
  counties: string[];
}

export type AddressLookup =
  | { status: "found"; suggestions: AddressSuggestion[] }
  | { status: "notMaryland" }
  | { status: "notFound" };

export interface PlaceFields {
  line1: string;
  city: string;
  zip: string;
  county: string;
}

/**
 * Applies a suggestion, keeping a typed street it lacks, and a chosen county the ZIP touches: 104 Maryland ZIPs
 * cross county lines, and the person knows their side.
 */
export function applySuggestion(current: Partial<PlaceFields>, suggestion: AddressSuggestion): PlaceFields {
  const keepCounty = Boolean(current.county && suggestion.counties.includes(current.county));
  return {
    line1: suggestion.line1 || current.line1 || "",
    city: suggestion.city,
    zip: suggestion.zip,
    county: keepCounty ? current.county! : (suggestion.county ?? ""),
  };
}

/** An address outside Maryland is refused: the place fields are blanked (R19). */
export const BLANK_PLACE: PlaceFields = { line1: "", city: "", zip: "", county: "" };

export interface AddressParts {
  nickname?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  zip: string;
}

/** One line for an address, e.g. "Home, 100 Main St, Apt 2, Annapolis, MD 21401", without repeats. */
export function addressText({ nickname, line1, line2, city, zip }: AddressParts, countyName?: string | null): string {
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();
  const place = [line1, same(line2, line1) ? null : line2, city, zip ? `MD ${zip}` : null, countyName];
  const name = nickname && !place.some((part) => same(part, nickname)) ? nickname : null;
  return [name, ...place]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

export function suggestionText({ line1, city, zip }: AddressSuggestion): string {
  return addressText({ line1, city, zip });
}
