import { describe, expect, it } from "vitest";
import { addWeeks, formatCalendarDate, parseIsoDate } from "./format-date.ts";

describe("formatCalendarDate", () => {
  it("writes the month's name, a two-digit day and the year", () => {
    expect(formatCalendarDate("2025-06-06")).toBe("June 06 2025");
    expect(formatCalendarDate("2027-01-15")).toBe("January 15 2027");
    expect(formatCalendarDate("2026-12-31")).toBe("December 31 2026");
  });
});

describe("parseIsoDate", () => {
  it("refuses what is not a real day in YYYY-MM-DD", () => {
    for (const bad of ["June 06 2025", "2025-6-6", "2025-02-30", "2025-13-01", ""]) {
      expect(() => parseIsoDate(bad), bad).toThrow(/YYYY-MM-DD/);
    }
  });
});

describe("addWeeks", () => {
  it("adds whole weeks across month and year ends", () => {
    expect(addWeeks("2025-06-06", 12)).toBe("2025-08-29");
    expect(addWeeks("2025-12-29", 1)).toBe("2026-01-05");
  });
});
