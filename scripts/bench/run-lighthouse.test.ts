import type { Result } from "lighthouse";
import { describe, expect, it } from "vitest";
import { LighthouseLoadError, readResult } from "./run-lighthouse.ts";

describe("readResult", () => {
  it("names a load Lighthouse could not measure by its error code, for the bench to leave out", () => {
    const lhr = {
      runtimeError: { code: "NO_NAVSTART", message: "Something went wrong (NO_NAVSTART)" },
      categories: {},
      audits: {},
      runWarnings: [],
    } as unknown as Result;
    const thrown = (() => {
      try {
        readResult(lhr);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(LighthouseLoadError);
    expect(thrown).toMatchObject({
      code: "NO_NAVSTART",
      message: "Lighthouse: Something went wrong (NO_NAVSTART)",
    });
  });

  it("reads the scores, the metrics and the audits that cost points", () => {
    const lhr = {
      categories: {
        performance: { score: 0.97, auditRefs: [{ id: "largest-contentful-paint", weight: 25 }] },
        seo: { score: 1, auditRefs: [] },
      },
      audits: {
        "largest-contentful-paint": { score: 0.9, numericValue: 1234 },
        "total-blocking-time": { score: 1, numericValue: 12 },
      },
      runWarnings: ["slow server"],
    } as unknown as Result;
    expect(readResult(lhr)).toEqual({
      sample: { performance: 97, seo: 100, lcp: 1234, tbt: 12 },
      failing: ["largest-contentful-paint"],
      warnings: ["slow server"],
    });
  });
});
