import { describe, expect, it } from "vitest";
import { addressText, applySuggestion, suggestionText, type AddressSuggestion } from "./address";

const waldorf: AddressSuggestion = {
  line1: "",
  city: "Waldorf",
  zip: "20601",
  state: "MD",
  county: "24017",
  counties: ["24017", "24033"],
};

describe("choosing a suggestion", () => {
  it("keeps the county the person chose when the ZIP crosses into it", () => {
    expect(applySuggestion({ line1: "5 Oak Ln", county: "24033" }, waldorf)).toEqual({
      line1: "5 Oak Ln",
      city: "Waldorf",
      zip: "20601",
      county: "24033",
    });
  });

  it("takes the suggested county when the chosen one is not in the ZIP, or none was chosen", () => {
    expect(applySuggestion({ county: "24510" }, waldorf).county).toBe("24017");
    expect(applySuggestion({}, waldorf).county).toBe("24017");
  });

  it("takes the suggestion's street over the typed one, and leaves the county empty when none is known", () => {
    const found = { ...waldorf, line1: "10 Main St", county: null, counties: [] };
    expect(applySuggestion({ line1: "typed", county: "24017" }, found)).toEqual({
      line1: "10 Main St",
      city: "Waldorf",
      zip: "20601",
      county: "",
    });
  });

  it("reads as one line", () => {
    expect(suggestionText({ ...waldorf, line1: "10 Main St" })).toBe("10 Main St, Waldorf, MD 20601");
    expect(suggestionText(waldorf)).toBe("Waldorf, MD 20601");
  });
});

describe("an address as one line", () => {
  const home = { line1: "100 N Charles St", city: "Baltimore", zip: "21201" };

  it("says the nickname, the street, the city and MD with the ZIP, and the county when given", () => {
    expect(addressText({ ...home, nickname: "Grandma's", line2: "Apt 2" })).toBe(
      "Grandma's, 100 N Charles St, Apt 2, Baltimore, MD 21201",
    );
    expect(addressText(home, "Baltimore City")).toBe("100 N Charles St, Baltimore, MD 21201, Baltimore City");
    // An address's own county is a code: never said as if it were a name.
    expect(addressText({ ...home, county: "24510" } as typeof home)).toBe("100 N Charles St, Baltimore, MD 21201");
  });

  it("never says the street twice: a nickname that is the street, or a second line that repeats it", () => {
    expect(addressText({ ...home, nickname: "100 N Charles St" })).toBe("100 N Charles St, Baltimore, MD 21201");
    expect(addressText({ ...home, nickname: " 100 n charles st ", line2: "100 N Charles St" })).toBe(
      "100 N Charles St, Baltimore, MD 21201",
    );
  });
});
