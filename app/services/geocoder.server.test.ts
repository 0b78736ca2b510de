import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/testing";
import { BALTIMORE_CITY } from "~/utils/lookup-codes";
import { countyCodeFromName, lookUpAddress, lookUpOffline, parseCensusAnswer, toSuggestion } from "./geocoder.server";

// A Census answer in the shape the service gives (see shared/data/CENSUS_GEOCODER.md), never the live service.
const recorded = readFileSync(path.join(__dirname, "fixtures/census-onelineaddress.json"), "utf8");

let test: TestDatabase;
let census: Server;
let answer: { status: number; body: string; type: string } = { status: 200, body: recorded, type: "application/json" };
const asked: string[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  census = createServer((req, res) => {
    asked.push(req.url ?? "");
    res.writeHead(answer.status, { "Content-Type": answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => census.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, test.env);
  process.env.GEOCODER = "census";
  process.env.CENSUS_GEOCODER_URL = `http://127.0.0.1:${(census.address() as AddressInfo).port}`;
});
afterAll(async () => {
  census.close();
  await test.close();
});

const COUNTIES = [
  { code: "24003", description: "Anne Arundel County" },
  { code: "24005", description: "Baltimore County" },
  { code: "24033", description: "Prince George's County" },
  { code: BALTIMORE_CITY, description: "Baltimore City" },
];

describe("the look-up rules", () => {
  it("strip the word County before matching a county", () => {
    expect(countyCodeFromName("ANNE ARUNDEL", COUNTIES)).toBe("24003");
    expect(countyCodeFromName("Anne Arundel County", COUNTIES)).toBe("24003");
    expect(countyCodeFromName("Prince George’s County", COUNTIES)).toBe("24033");
    expect(countyCodeFromName("Baltimore city", COUNTIES)).toBe(BALTIMORE_CITY);
    expect(countyCodeFromName("Baltimore County", COUNTIES)).toBe("24005");
    expect(countyCodeFromName("Fairfax County", COUNTIES)).toBeNull();
  });

  it("accept only Maryland", () => {
    expect(
      toSuggestion(
        { line1: "1 Main St", city: "Arlington", zip: "22201", state: "VA" },
        "1 Main St, Arlington VA",
        COUNTIES,
      ),
    ).toBeNull();
  });

  it("make a missing county Baltimore City when the text mentions Baltimore", () => {
    const suggestion = toSuggestion(
      { line1: "1 Main St", city: "", zip: "", state: "md" },
      "1 Main St Baltimore",
      COUNTIES,
    );
    expect(suggestion?.county).toBe(BALTIMORE_CITY);
    expect(
      toSuggestion({ line1: "1 Main St", city: "Bowie", zip: "", state: "MD" }, "1 Main St Bowie", COUNTIES)?.county,
    ).toBeNull();
  });
});

describe("the offline ZIP table", () => {
  it("gives the city and county of a Maryland ZIP", async () => {
    const result = await lookUpOffline(test.db, "100 Holliday St, Baltimore, MD 21202");
    expect(result).toEqual({
      status: "found",
      suggestions: [
        expect.objectContaining({
          line1: "100 Holliday St",
          city: "Baltimore",
          zip: "21202",
          state: "MD",
          county: BALTIMORE_CITY,
        }),
      ],
    });
  });

  it("suggests the county of a ZIP that crosses county lines, and offers the others", async () => {
    const result = await lookUpOffline(test.db, "1 Main St 20622");
    expect(result.status).toBe("found");
    const [suggestion] = result.status === "found" ? result.suggestions : [];
    expect(suggestion.county).toBe("24037");
    expect(suggestion.counties).toEqual(["24037", "24017"]);
  });

  it("refuses an address outside Maryland and says when neither a ZIP nor a Maryland town is in the text", async () => {
    expect(await lookUpOffline(test.db, "1600 Pennsylvania Ave NW, Washington, DC 20500")).toEqual({
      status: "notMaryland",
    });
    expect(await lookUpOffline(test.db, "10 Main St, Arlington, VA")).toEqual({ status: "notMaryland" });
    expect(await lookUpOffline(test.db, "10 Main St")).toEqual({ status: "notFound" });
    // A town named like a street's last word is not read into "Street" (Harford County) or "Avenue".
    expect(await lookUpOffline(test.db, "100 Main Street")).toEqual({ status: "notFound" });
    expect(await lookUpOffline(test.db, "12 Oak Avenue")).toEqual({ status: "notFound" });
  });

  it("keeps the street alone in the street line, without the town, state and ZIP typed after it", async () => {
    for (const query of [
      "100 N Charles St Baltimore MD 21201",
      "100 N Charles St, Baltimore, MD 21201",
      "100 n charles st baltimore maryland 21201",
    ]) {
      const result = await lookUpOffline(test.db, query);
      expect(result.status === "found" && result.suggestions.map((suggestion) => suggestion.line1)).toEqual([
        query.startsWith("100 n") ? "100 n charles st" : "100 N Charles St",
      ]);
    }
  });

  it("finds a Maryland town's name without a ZIP and offers its ZIP codes and county", async () => {
    const result = await lookUpOffline(test.db, "12 Main St, Annapolis, MD");
    expect(result.status).toBe("found");
    const suggestions = result.status === "found" ? result.suggestions : [];
    expect(suggestions.length).toBeGreaterThan(1);
    expect(
      suggestions.every(
        (suggestion) =>
          suggestion.city === "Annapolis" && suggestion.county === "24003" && suggestion.line1 === "12 Main St",
      ),
    ).toBe(true);
    expect(suggestions.map((suggestion) => suggestion.zip)).toContain("21401");
    // Without commas or state, the longest town that fits, and only the town: no street.
    const junction = await lookUpOffline(test.db, "Annapolis Junction");
    expect(
      junction.status === "found" && junction.suggestions.map(({ line1, city, zip }) => [line1, city, zip]),
    ).toEqual([["", "Annapolis Junction", "20701"]]);
    // A town with many ZIP codes is offered with twelve at most.
    const baltimore = await lookUpOffline(test.db, "1 Light St Baltimore");
    expect(baltimore.status === "found" && baltimore.suggestions.length).toBe(12);
    // The town "Street", set apart by the state, is still found.
    const street = await lookUpOffline(test.db, "5 Forest Hill Rd, Street MD");
    expect(street.status === "found" && street.suggestions[0]).toEqual(
      expect.objectContaining({ line1: "5 Forest Hill Rd", city: "Street" }),
    );
  });
});

describe("the Census geocoder", () => {
  it("reads a recorded answer: Maryland matches kept, others dropped, county from its FIPS", async () => {
    const result = await parseCensusAnswer(test.db, "100 Holliday St Baltimore", JSON.parse(recorded));
    expect(result).toEqual({
      status: "found",
      suggestions: [
        {
          line1: "100 N Holliday St",
          city: "Baltimore",
          zip: "21202",
          state: "MD",
          county: BALTIMORE_CITY,
          counties: [BALTIMORE_CITY],
        },
      ],
    });
  });

  it("is asked from the server, and the ZIP table answers when it fails", async () => {
    answer = { status: 200, body: recorded, type: "application/json" };
    const found = await lookUpAddress(test.db, "100 Holliday St, Baltimore, MD 21202");
    expect(found.status === "found" && found.suggestions[0].line1).toBe("100 N Holliday St");
    expect(asked.at(-1)).toMatch(/^\/geocoder\/geographies\/onelineaddress\?address=100\+Holliday/);

    // The service's firewall answers 200 with an HTML page: not trusted, the table answers instead.
    answer = { status: 200, body: "<html>Request Rejected</html>", type: "application/json" };
    const fallback = await lookUpAddress(test.db, "100 Holliday St, Baltimore, MD 21202");
    expect(fallback.status === "found" && fallback.suggestions[0].line1).toBe("100 Holliday St");

    answer = { status: 503, body: "down", type: "text/plain" };
    expect((await lookUpAddress(test.db, "5 Elm St, Bowie, MD 20715")).status).toBe("found");
  });
});
