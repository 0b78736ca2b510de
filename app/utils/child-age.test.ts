import { describe, expect, it } from "vitest";
import {
  ageInMonths,
  ageProblem,
  birthYears,
  calendarDate,
  dateAfterMonths,
  daysInMonth,
  isCalendarDate,
} from "./child-age";

describe("the child's age (under 36 months, already born)", () => {
  const today = "2026-11-21";

  it("accepts 35 months and 30 days, refuses 36 months to the day", () => {
    expect(ageProblem("2023-11-22", today)).toBeNull();
    expect(ageProblem("2023-11-21", today)).toBe("AGE_OF");
    expect(ageProblem("2020-01-01", today)).toBe("AGE_OF");
  });

  it("accepts a child born today, refuses one born tomorrow", () => {
    expect(ageProblem(today, today)).toBeNull();
    expect(ageProblem("2026-11-22", today)).toBe("MUST_BE_BORN");
  });

  it("counts a 29 February birthday to 1 March, 36 months on", () => {
    expect(dateAfterMonths("2024-02-29", 36)).toBe("2027-03-01");
    expect(ageProblem("2024-02-29", "2027-02-28")).toBeNull();
    expect(ageProblem("2024-02-29", "2027-03-01")).toBe("AGE_OF");
    expect(dateAfterMonths("2025-01-31", 1)).toBe("2025-03-01");
    expect(dateAfterMonths("2023-12-15", 36)).toBe("2026-12-15");
  });
});

describe("the child's age in whole months (the program's figures by age)", () => {
  it("counts a month on the same day of a later month, not the day before", () => {
    expect(ageInMonths("2026-03-14", "2026-03-14")).toBe(0);
    expect(ageInMonths("2026-03-14", "2026-04-13")).toBe(0);
    expect(ageInMonths("2026-03-14", "2026-04-14")).toBe(1);
    expect(ageInMonths("2023-11-22", "2026-11-21")).toBe(35);
    expect(ageInMonths("2025-12-31", "2026-02-28")).toBe(1);
    expect(ageInMonths("2026-11-22", "2026-11-21")).toBe(0);
  });
});

describe("the birthdate choices", () => {
  it("offers the years from 5 years back to this one (R38)", () => {
    expect(birthYears("2026-11-21")).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    // Maryland's New Year's Eve is still the old year: next year is not offered yet.
    expect(birthYears("2026-12-31").at(-1)).toBe(2026);
  });

  it("follows the month for the days, leap years included", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2025, month))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("refuses a day the month does not have", () => {
    expect(calendarDate(2025, 4, 31)).toBeNull();
    expect(calendarDate(2025, 2, 29)).toBeNull();
    expect(calendarDate(2024, 2, 29)).toBe("2024-02-29");
    expect(isCalendarDate("2024-02-30")).toBe(false);
    expect(isCalendarDate("2024-2-3")).toBe(false);
    expect(isCalendarDate("2024-02-03")).toBe(true);
  });
});
