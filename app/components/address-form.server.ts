import { json, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { ServerLookup } from "~/components/AddressSearch";
import type { CurrentUser } from "~/models/user.server";
import { lookUpAddress } from "~/services/geocoder.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { applySuggestion, BLANK_PLACE, type AddressSuggestion } from "~/utils/address";

// The address look-up of a form without JavaScript (docs/product-rules.md R19), for every page with an address:
// the Look up button and the "Use this address" buttons post the whole form, and the page comes
// back with everything typed kept and the place fields filled (or blanked) as the rules say.

const SuggestionSchema = z.object({
  line1: z.string().max(100),
  city: z.string().max(60),
  zip: z.string().regex(/^\d{5}$/),
  state: z.literal("MD"),
  county: z.string().max(20).nullable(),
  counties: z.array(z.string().max(20)).max(30),
});

function readSuggestion(value: FormDataEntryValue | null): AddressSuggestion | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = SuggestionSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Which button sent the form. Enter pressed in a field (without JavaScript) sends "enter": it looks
 * the address up when only the search box holds text, and otherwise means `enterMeans`.
 */
export function readAddressIntent(formData: FormData, enterMeans: string): string {
  if (formData.has("suggestion")) return "use";
  const intent = String(formData.get("intent") ?? enterMeans);
  if (intent !== "enter") return intent;
  const text = (name: string) => String(formData.get(name) ?? "").trim();
  return text("query") && !text("line1") && !text("city") && !text("zip") ? "lookup" : enterMeans;
}

/** What an address page's action sends back besides Conform's reply. */
export interface AddressPageExtras extends ServerLookup {
  countyChoices: string[];
  query: string;
}

export function typedValues(formData: FormData): Record<string, string> {
  return Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")) as Record<string, string>;
}

export const NO_LOOKUP = (formData: FormData): AddressPageExtras => ({
  lookup: null,
  cleared: false,
  applied: false,
  countyChoices: [],
  query: typedValues(formData).query ?? "",
});

/** The form again, its place fields as the look-up leaves them, with what the look-up found (or that it refused). */
function answerLookup(
  typed: Record<string, string>,
  values: Record<string, string>,
  lookup: ServerLookup,
  countyChoices: string[] = [],
) {
  return json({ initialValue: values, error: {}, ...lookup, countyChoices, query: typed.query ?? "" });
}

/** The "lookup" intent: the address searched for; one outside Maryland blanks the place fields. */
async function answerAddressLookup(db: AppLoadContext["db"], actor: CurrentUser, formData: FormData) {
  const typed = typedValues(formData);
  const limit = await hitRateLimit(db, "addressLookup", String(actor.id));
  if (!limit.allowed)
    return answerLookup(typed, typed, { lookup: { status: "rateLimited" }, cleared: false, applied: false });
  const lookup = await lookUpAddress(db, typed.query ?? "");
  const cleared = lookup.status === "notMaryland";
  return answerLookup(typed, cleared ? { ...typed, ...BLANK_PLACE } : typed, { lookup, cleared, applied: false });
}

/** The "use" intent: the suggestion chosen, copied into the fields. */
function answerAddressChoice(formData: FormData) {
  const typed = typedValues(formData);
  const suggestion = readSuggestion(formData.get("suggestion"));
  if (!suggestion) return answerLookup(typed, typed, { lookup: null, cleared: false, applied: false });
  return answerLookup(
    typed,
    { ...typed, ...applySuggestion(typed, suggestion) },
    { lookup: null, cleared: false, applied: true },
    suggestion.counties,
  );
}

/** The look-up's own posts ("lookup", "use") answered; null for the page's own intents. */
export async function answerAddressSearch(
  db: AppLoadContext["db"],
  actor: CurrentUser,
  formData: FormData,
  intent: string,
) {
  if (intent === "lookup") return answerAddressLookup(db, actor, formData);
  if (intent === "use") return answerAddressChoice(formData);
  return null;
}
