import { getConfig } from "~/config.server";
import { BALTIMORE_CITY } from "~/utils/lookup-codes";
import type { DB } from "~/db.server";
import { getLookups } from "~/models/lookup.server";
import type { AddressLookup, AddressSuggestion } from "~/utils/address";
import { log } from "~/services/log.server";

export type { AddressLookup, AddressSuggestion };

// Address look-up (R19): Maryland only, county suggested. Offline ZIP table by default, or the Census geocoder with
// the table as fallback.

const CENSUS_TIMEOUT_MS = 5000;

export interface RawAddress {
  line1: string;
  city: string;
  zip: string;
  state: string;
  countyFips?: string | null;
  countyName?: string | null;
}

/** "Anne Arundel County", "ANNE ARUNDEL", "Baltimore city" → a county code; "County" is stripped first. */
export function countyCodeFromName(
  name: string | null | undefined,
  counties: Array<{ code: string; description: string }>,
): string | null {
  if (!name) return null;
  const wanted = stripCounty(name);
  if (wanted === "baltimore city") return BALTIMORE_CITY;
  return counties.find((county) => stripCounty(county.description) === wanted)?.code ?? null;
}

function stripCounty(name: string) {
  return name
    .toLowerCase()
    .replace(/\bcounty\b/g, "")
    .replace(/[’']/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Refuses anything outside Maryland; a missing county becomes Baltimore City when the text says Baltimore. */
export function toSuggestion(
  raw: RawAddress,
  query: string,
  counties: Array<{ code: string; description: string }>,
  zipCounties: string[] = [],
): AddressSuggestion | null {
  if (raw.state.trim().toUpperCase() !== "MD") return null;
  const known = new Set(counties.map((county) => county.code));
  let county =
    raw.countyFips && known.has(raw.countyFips) ? raw.countyFips : countyCodeFromName(raw.countyName, counties);
  if (!county && /baltimore/i.test(`${query} ${raw.city}`)) county = BALTIMORE_CITY;
  const candidates = [
    ...new Set([county, ...zipCounties].filter((code): code is string => Boolean(code && known.has(code)))),
  ];
  return { line1: raw.line1, city: raw.city, zip: raw.zip, state: "MD", county, counties: candidates };
}

function titleCase(text: string) {
  return text.toLowerCase().replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
}

const OTHER_STATE =
  /,\s*(A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[AEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\b(?:\s+\d{5})?\s*$/i;

const ZIP_AT_END = /[\s,]*\b\d{5}(?:-\d{4})?\s*$/;
const STATE_AT_END = /[\s,]*\b(?:MD|Md\.|Maryland)\.?\s*$/i;
/** Towns named like a street's last word: "100 Main Street" is not Street, MD, unless a comma or the state says so. */
const STREET_WORD_TOWNS = new Set(["avenue", "ridge", "street"]);
/** A town with many ZIP codes (Baltimore has 42) is offered with this many at most; typing the ZIP narrows it. */
const MAX_TOWN_SUGGESTIONS = 12;

/** A town's name at the end of a text, whatever the spaces, commas and capitals between its words. */
const townEnding = (town: string) =>
  new RegExp(
    `(?:^|[\\s,]+)${town
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("[\\s,]+")}$`,
    "i",
  );

/** The longest Maryland town the text ends with, so "Annapolis Junction" beats "Annapolis". */
async function townAtEnd(db: DB, query: string): Promise<string | null> {
  const withState = query.replace(ZIP_AT_END, "").trim();
  const text = withState.replace(STATE_AT_END, "").trim();
  const towns = await db.selectFrom("zip_codes").select("city").distinct().execute();
  let found: string | null = null;
  for (const { city } of towns) {
    if (!townEnding(city).test(text)) continue;
    const setApart =
      text.toLowerCase() === city.toLowerCase() || withState !== text || new RegExp(`,\\s*${city}$`, "i").test(text);
    if (STREET_WORD_TOWNS.has(city.toLowerCase()) && !setApart) continue;
    if (!found || city.length > found.length) found = city;
  }
  return found;
}

/** The street line alone ("100 N Charles St Baltimore MD 21201" -> "100 N Charles St"). */
function streetOf(query: string, town: string): string {
  const street = query.split(",")[0].replace(ZIP_AT_END, "").replace(STATE_AT_END, "").trim();
  return street.replace(townEnding(town), "").trim();
}

/** The offline provider (R19): the street as typed; town and counties by the ZIP, or else by a trailing town name. */
export async function lookUpOffline(db: DB, query: string): Promise<AddressLookup> {
  const counties = await getLookups(db, "Counties");
  if (OTHER_STATE.test(query) && !/,\s*MD\b/i.test(query)) return { status: "notMaryland" };
  const zip = query.match(/\b(\d{5})(?:-\d{4})?\s*$/)?.[1] ?? query.match(/\b(\d{5})\b/)?.[1];
  let rows;
  if (zip) {
    rows = await db.selectFrom("zip_codes").selectAll().where("zip", "=", zip).execute();
    if (!rows.length) return { status: "notMaryland" };
  } else {
    const town = await townAtEnd(db, query);
    if (!town) return { status: "notFound" };
    rows = await db
      .selectFrom("zip_codes")
      .selectAll()
      .where("city", "=", town)
      .orderBy("zip")
      .limit(MAX_TOWN_SUGGESTIONS)
      .execute();
  }
  const suggestions = rows
    .map((row) =>
      toSuggestion(
        { line1: streetOf(query, row.city), city: row.city, zip: row.zip, state: "MD", countyFips: row.county_fips },
        query,
        counties,
        row.all_county_fips.split(","),
      ),
    )
    .filter((suggestion): suggestion is AddressSuggestion => suggestion !== null);
  return suggestions.length ? { status: "found", suggestions } : { status: "notMaryland" };
}

interface CensusMatch {
  matchedAddress?: string;
  addressComponents?: { city?: string; state?: string; zip?: string };
  geographies?: { Counties?: Array<{ GEOID?: string; NAME?: string }> };
}

/** Reads the Census geocoder's answer (an example: app/services/fixtures/census-onelineaddress.json). */
export async function parseCensusAnswer(db: DB, query: string, body: unknown): Promise<AddressLookup> {
  const matches = (body as { result?: { addressMatches?: CensusMatch[] } })?.result?.addressMatches;
  if (!Array.isArray(matches)) throw new Error("not a geocoder answer");
  if (matches.length === 0) return { status: "notFound" };
  const counties = await getLookups(db, "Counties");
  const suggestions: AddressSuggestion[] = [];
  for (const match of matches) {
    const zip = match.addressComponents?.zip ?? "";
    const zipRow = zip
      ? await db.selectFrom("zip_codes").select("all_county_fips").where("zip", "=", zip).executeTakeFirst()
      : undefined;
    const county = match.geographies?.Counties?.[0];
    const suggestion = toSuggestion(
      {
        line1: titleCase((match.matchedAddress ?? "").split(",")[0] ?? ""),
        city: titleCase(match.addressComponents?.city ?? ""),
        zip,
        state: match.addressComponents?.state ?? "",
        countyFips: county?.GEOID ?? null,
        countyName: county?.NAME ?? null,
      },
      query,
      counties,
      zipRow?.all_county_fips.split(",") ?? [],
    );
    if (suggestion) suggestions.push(suggestion);
  }
  return suggestions.length ? { status: "found", suggestions } : { status: "notMaryland" };
}

async function lookUpCensus(db: DB, query: string, baseUrl: string): Promise<AddressLookup> {
  const url = new URL("/geocoder/geographies/onelineaddress", baseUrl);
  url.search = new URLSearchParams({
    address: query,
    benchmark: "Public_AR_Current",
    vintage: "Current_Current",
    layers: "Counties",
    format: "json",
  }).toString();
  const response = await fetch(url, { signal: AbortSignal.timeout(CENSUS_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  // The service's firewall can answer 200 with an HTML page: only a JSON answer is trusted.
  return parseCensusAnswer(db, query, JSON.parse(await response.text()));
}

export async function lookUpAddress(db: DB, query: string): Promise<AddressLookup> {
  const text = query.trim().slice(0, 200);
  if (!text) return { status: "notFound" };
  const { GEOCODER, CENSUS_GEOCODER_URL } = getConfig();
  if (GEOCODER === "census") {
    try {
      const answer = await lookUpCensus(db, text, CENSUS_GEOCODER_URL);
      if (answer.status !== "notFound") return answer;
    } catch (error) {
      log.warn(`Census geocoder unavailable, using the ZIP table: ${(error as Error).name}`);
    }
  }
  return lookUpOffline(db, text);
}
