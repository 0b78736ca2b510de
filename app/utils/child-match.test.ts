import { describe, expect, it } from "vitest";
import {
  foldName,
  possiblySameChild,
  withinOneEdit,
  withinTwelveMonths,
  type ChildFacts,
  sameChildPairs,
} from "./child-match";

// The rule of children referred twice (docs/product-rules.md R126).

const hospital: ChildFacts = {
  firstName: "Lucía",
  lastName: "Pérez",
  birthdate: "2026-03-14",
  county: "Garrett",
  submittedOn: "2026-04-02",
};
const other = (changes: Partial<ChildFacts>): ChildFacts => ({ ...hospital, submittedOn: "2026-09-20", ...changes });

describe("foldName", () => {
  it("takes off case, accents and spaces", () => {
    expect(foldName("  María José ")).toBe("mariajose");
    expect(foldName("NÚÑEZ")).toBe("nunez");
    expect(foldName("Zoë\tO'Brien")).toBe("zoeo'brien");
  });
});

describe("withinOneEdit", () => {
  it("counts one character added, taken away or changed, and no more", () => {
    expect(withinOneEdit("luciaperez", "luciaperez")).toBe(true);
    expect(withinOneEdit("luciaperez", "luciaperes")).toBe(true);
    expect(withinOneEdit("luciaperez", "lusiaperez")).toBe(true);
    expect(withinOneEdit("luciaperez", "luciaperezz")).toBe(true);
    expect(withinOneEdit("luciaperez", "luciaprez")).toBe(true);
    expect(withinOneEdit("luciaperez", "uciaperez")).toBe(true);
    expect(withinOneEdit("luciaperez", "luciaperezs1")).toBe(false);
    expect(withinOneEdit("luciaperez", "lucioperes")).toBe(false);
    expect(withinOneEdit("luciaperez", "lucaiperez")).toBe(false);
    expect(withinOneEdit("", "a")).toBe(true);
    expect(withinOneEdit("ab", "")).toBe(false);
  });
});

describe("withinTwelveMonths", () => {
  it("holds up to the same day a year later, in either order", () => {
    expect(withinTwelveMonths("2025-09-20", "2026-09-20")).toBe(true);
    expect(withinTwelveMonths("2026-09-20", "2025-09-20")).toBe(true);
    expect(withinTwelveMonths("2025-09-19", "2026-09-20")).toBe(false);
    expect(withinTwelveMonths("2027-02-28", "2028-02-29")).toBe(false);
    expect(withinTwelveMonths("2027-03-01", "2028-02-29")).toBe(true);
  });
});

describe("possiblySameChild", () => {
  it("matches the same child written with other case, accents and spaces", () => {
    expect(possiblySameChild(hospital, other({ firstName: "LUCIA", lastName: "perez" }))).toBe(true);
    expect(possiblySameChild(hospital, other({ firstName: "Lucia Perez", lastName: "" }))).toBe(true);
    expect(possiblySameChild(hospital, other({ county: " garrett " }))).toBe(true);
  });

  it("matches a name one edit apart, not two", () => {
    expect(possiblySameChild(hospital, other({ lastName: "Peres" }))).toBe(true);
    expect(possiblySameChild(hospital, other({ firstName: "Luz", lastName: "Pérez" }))).toBe(false);
    expect(possiblySameChild(hospital, other({ firstName: "Lucas", lastName: "Peres" }))).toBe(false);
  });

  it("needs the same birth date and the same county", () => {
    expect(possiblySameChild(hospital, other({ birthdate: "2026-03-15" }))).toBe(false);
    expect(possiblySameChild(hospital, other({ county: "Allegany" }))).toBe(false);
    expect(possiblySameChild(hospital, other({ county: null }))).toBe(false);
    expect(possiblySameChild({ ...hospital, county: null }, other({ county: null }))).toBe(false);
  });

  it("leaves out a referral submitted more than twelve months apart", () => {
    expect(possiblySameChild(hospital, other({ submittedOn: "2027-04-02" }))).toBe(true);
    expect(possiblySameChild(hospital, other({ submittedOn: "2027-04-03" }))).toBe(false);
    expect(possiblySameChild(other({ submittedOn: "2025-04-01" }), hospital)).toBe(false);
  });

  it("is the same whichever referral is asked about first", () => {
    const pairs: Array<[ChildFacts, ChildFacts]> = [
      [hospital, other({ lastName: "Peres" })],
      [hospital, other({ county: "Allegany" })],
      [hospital, other({ submittedOn: "2027-04-03" })],
    ];
    for (const [a, b] of pairs) expect(possiblySameChild(a, b)).toBe(possiblySameChild(b, a));
  });
});

describe("sameChildPairs", () => {
  const child = (
    id: number,
    firstName: string,
    county: string | null,
    birthdate = "2026-01-05",
    submittedOn = "2026-02-01",
  ) => ({
    id,
    firstName,
    lastName: "Ortiz",
    birthdate,
    county,
    submittedOn,
  });
  it("pairs within one birth date and county and twelve months, each pair once with the smaller id first", () => {
    expect(
      sameChildPairs([
        child(7, "Ana", "Harford"),
        child(3, "Anna", "harford "),
        child(5, "Ana", "Cecil"),
        child(9, "Ana", "Harford", "2026-01-06"),
        child(11, "Ana", null),
        child(12, "Ana", "Harford", "2026-01-05", "2027-02-02"),
      ]),
    ).toEqual([[3, 7]]);
  });
});
