// What the address look-up gives back, and how a chosen suggestion fills the address fields.
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
    county: keepCounty ? current.county! : suggestion.county ?? "",
  };
}

/** An address outside Maryland is refused: the place fields are blanked (SPEC §5). */
export const BLANK_PLACE: PlaceFields = { line1: "", city: "", zip: "", county: "" };

/** One line for a suggestion, e.g. "100 Main St, Annapolis, MD 21401". */
export function suggestionText(suggestion: AddressSuggestion): string {
  return [suggestion.line1, suggestion.city, `MD ${suggestion.zip}`].filter(Boolean).join(", ");
}
