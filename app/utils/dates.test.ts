import { describe, expect, it } from "vitest";
import {
  daysBetween,
  easternCalendarDate,
  formatCalendarDate,
  formatDateEastern,
  formatDateTimeEastern,
  formatLongDateEastern,
  isIeNoticeWindowOpen,
  parseTypedDate,
} from "./dates";

describe("dates in US Eastern time", () => {
  it("shows a UTC moment in Eastern time, standard and daylight", () => {
    expect(formatDateTimeEastern("2026-01-15T17:30:00.000Z")).toBe("01/15/2026, 12:30 PM EST");
    expect(formatDateTimeEastern("2026-07-15T17:30:00.000Z")).toBe("07/15/2026, 1:30 PM EDT");
  });

  it("writes Spanish dates day first", () => {
    expect(formatDateTimeEastern("2026-07-15T17:30:00.000Z", "es")).toMatch(/^15\/07\/2026/);
    expect(formatCalendarDate("2025-02-03", "es")).toBe("03/02/2025");
    expect(formatCalendarDate("2025-02-03", "en")).toBe("02/03/2025");
  });

  it("writes a date out in words, on Maryland's day", () => {
    expect(formatLongDateEastern("2026-11-23T15:00:00Z")).toBe("November 23, 2026");
    expect(formatLongDateEastern("2026-11-24T03:00:00Z", "es")).toBe("23 de noviembre de 2026");
  });

  it("writes a moment's Maryland date in the language's order", () => {
    // 03:00 UTC on the 22nd is still the 21st in Maryland.
    expect(formatDateEastern("2026-11-22T03:00:00Z", "en")).toBe("11/21/2026");
    expect(formatDateEastern("2026-11-22T03:00:00Z", "es")).toBe("21/11/2026");
  });

  it("reads a typed date in the order it is shown: month first in English, day first in Spanish", () => {
    expect(parseTypedDate("11/23/2026", "en")).toBe("2026-11-23");
    expect(parseTypedDate("23/11/2026", "es")).toBe("2026-11-23");
    expect(parseTypedDate("3/4/2025", "en")).toBe("2025-03-04");
    expect(parseTypedDate("3/4/2025", "es")).toBe("2025-04-03");
    expect(parseTypedDate(" 14-03-2025 ", "es")).toBe("2025-03-14");
    expect(parseTypedDate("14.03.2025", "es")).toBe("2025-03-14");
  });

  it("reads YYYY-MM-DD in both languages (links, the API, a browser's date box)", () => {
    expect(parseTypedDate("2025-03-14", "en")).toBe("2025-03-14");
    expect(parseTypedDate("2025-03-14", "es")).toBe("2025-03-14");
  });

  it("refuses what is no day: the other language's order past the 12th, 31 April, text", () => {
    expect(parseTypedDate("23/11/2026", "en")).toBeNull();
    expect(parseTypedDate("11/23/2026", "es")).toBeNull();
    expect(parseTypedDate("04/31/2026", "en")).toBeNull();
    expect(parseTypedDate("29/02/2027", "es")).toBeNull();
    expect(parseTypedDate("2025-02-30", "en")).toBeNull();
    expect(parseTypedDate("yesterday", "en")).toBeNull();
    expect(parseTypedDate("", "es")).toBeNull();
  });

  it("reads back what it writes, in both languages", () => {
    for (const day of ["2024-02-29", "2025-01-02", "2026-12-31"]) {
      expect(parseTypedDate(formatCalendarDate(day, "en"), "en")).toBe(day);
      expect(parseTypedDate(formatCalendarDate(day, "es"), "es")).toBe(day);
    }
  });

  it("knows the date in Maryland when it is already tomorrow in UTC", () => {
    expect(easternCalendarDate(new Date("2026-11-22T03:00:00Z"))).toBe("2026-11-21");
    expect(easternCalendarDate(new Date("2026-11-22T06:00:00Z"))).toBe("2026-11-22");
  });

  it("counts days across a leap day", () => {
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
  });

  it("opens the Internet Explorer notice for 90 days from its start date", () => {
    const at = (iso: string) => new Date(iso);
    expect(isIeNoticeWindowOpen("2026-11-01", at("2026-10-31T16:00:00Z"))).toBe(false);
    expect(isIeNoticeWindowOpen("2026-11-01", at("2026-11-01T16:00:00Z"))).toBe(true);
    expect(isIeNoticeWindowOpen("2026-11-01", at("2027-01-29T16:00:00Z"))).toBe(true); // day 89
    expect(isIeNoticeWindowOpen("2026-11-01", at("2027-01-30T16:00:00Z"))).toBe(false); // day 90
    expect(isIeNoticeWindowOpen(null)).toBe(false);
    expect(isIeNoticeWindowOpen("soon")).toBe(false);
  });
});
