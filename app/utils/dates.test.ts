import { describe, expect, it } from "vitest";
import { daysBetween, easternCalendarDate, formatDateTimeEastern, formatCalendarDate, formatLongDateEastern, isIeNoticeWindowOpen } from "./dates";

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
