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

export type AddressLookup = { status: "found"; suggestions: AddressSuggestion[] } | { status: "notMaryland" } | { status: "notFound" };

export interface PlaceFields {
  line1: string;
  city: string;
  zip: string;
  county: string;
}

/**
 * The fields after choosing a suggestion. A street the suggestion lacks (a look-up by ZIP alone)
 * keeps the one typed; a county the person already chose stays when the ZIP touches it, since
 * 104 Maryland ZIP codes cross county lines and the person knows which side they live on.
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

/** An address outside Maryland is refused: the place fields are blanked (docs/product-rules.md R19). */
export const BLANK_PLACE: PlaceFields = { line1: "", city: "", zip: "", county: "" };

export interface AddressParts {
  nickname?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  zip: string;
}

/**
 * One line for an address wherever it is shown, e.g. "Home, 100 Main St, Apt 2, Annapolis, MD 21401".
 * A nickname that is the street itself, or a second line that repeats the first, is said once.
 * The county is said only when its name is given (addresses hold its code).
 */
export function addressText({ nickname, line1, line2, city, zip }: AddressParts, countyName?: string | null): string {
  const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();
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
