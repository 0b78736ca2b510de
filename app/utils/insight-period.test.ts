import { describe, expect, it } from "vitest";
import { defaultInsightPeriod, parseInsightQuery, weekStart } from "./insight-period";

// The period of the program's figures (docs/product-rules.md R127) as a page address gives it.

const today = "2026-11-25"; // a Wednesday
const parse = (query: string, language: "en" | "es" = "en") =>
  parseInsightQuery(new URLSearchParams(query), language, today);

describe("the insight period", () => {
  it("runs weeks from Sunday, and by default over the last twelve weeks to today", () => {
    expect(weekStart("2026-11-25")).toBe("2026-11-22");
    expect(weekStart("2026-11-22")).toBe("2026-11-22");
    expect(weekStart("2026-01-03")).toBe("2025-12-28");
    expect(defaultInsightPeriod(today)).toEqual({ from: "2026-09-06", to: today });
    expect(parse("")).toMatchObject({ period: { from: "2026-09-06", to: today }, split: "status", errors: {} });
  });

  it("reads dates in the page's language, or as YYYY-MM-DD, and the weekly figure's split", () => {
    expect(parse("from=3/14/2025&to=2025-06-01&by=county")).toMatchObject({
      period: { from: "2025-03-14", to: "2025-06-01" },
      split: "county",
      errors: {},
    });
    expect(parse("from=14/3/2025&to=1/6/2025", "es").period).toEqual({ from: "2025-03-14", to: "2025-06-01" });
    expect(parse("from=2025-03-14").period).toEqual({ from: "2025-03-14", to: today });
    expect(parse("by=anything").split).toBe("status");
  });

  it("refuses a date that is no day, a period that ends after today or before it begins, or is longer than three years", () => {
    expect(parse("from=31/31/2020").errors).toEqual({ from: "period.errors.date" });
    expect(parse("from=2026-01-01&to=2026-11-26").errors).toEqual({ to: "period.errors.future" });
    expect(parse("from=2026-01-10&to=2026-01-09").errors).toEqual({ to: "period.errors.order" });
    // Three years to the day, a leap day among them, is the longest.
    expect(parse("from=2023-11-26&to=2026-11-25").errors).toEqual({});
    expect(parse("from=2023-11-25&to=2026-11-25").errors).toEqual({ to: "period.errors.tooLong" });
  });

  it("shows the default period while what was typed is kept to be corrected", () => {
    expect(parse("from=2026-01-10&to=2026-01-09")).toMatchObject({
      period: defaultInsightPeriod(today),
      typed: { from: "2026-01-10", to: "2026-01-09" },
    });
  });
});
