import { describe, expect, it } from "vitest";
import { parseCsv, parseCsvRecords, toCsvLine } from "./csv";

describe("CSV", () => {
  it("reads quoted fields, doubled quotes and CRLF", () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,2,3\n')).toEqual([
      ["a", "b, c", 'say "hi"'],
      ["1", "2", "3"],
    ]);
    expect(parseCsvRecords("zip,city\n21201,Baltimore\n")).toEqual([{ zip: "21201", city: "Baltimore" }]);
  });

  it("writes a line that reads back the same", () => {
    const line = toCsvLine(["O'Neil, Jr.", 'He said "no"', 12, null]);
    expect(parseCsv(line)).toEqual([["O'Neil, Jr.", 'He said "no"', "12", ""]]);
  });

  it("neutralizes cells a spreadsheet would run as formulas", () => {
    expect(toCsvLine(['=HYPERLINK("x")', "+1", "-2", "@SUM(A1)", "plain"])).toBe(
      `"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),plain\r\n`,
    );
    expect(toCsvLine([-5])).toBe("-5\r\n");
  });
});
