import { describe, expect, it } from "vitest";
import { median, summarize } from "./summarize.ts";

describe("median", () => {
  it("takes the middle value of an odd count, whatever the order", () => {
    expect(median([900, 120, 400])).toBe(400);
  });

  it("averages the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("refuses an empty list", () => {
    expect(() => median([])).toThrow();
  });
});

describe("summarize", () => {
  it("gives each figure its median, range and the number of runs that measured it", () => {
    const summary = summarize([{ lcp: 900, tbt: 10 }, { lcp: 1100, tbt: 70 }, { lcp: 950 }]);
    expect(summary.lcp).toEqual({ median: 950, min: 900, max: 1100, runs: 3 });
    expect(summary.tbt).toEqual({ median: 40, min: 10, max: 70, runs: 2 });
  });
});
