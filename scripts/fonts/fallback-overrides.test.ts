import { describe, expect, it } from "vitest";
import { fallbackOverrides, formatOverrides } from "./fallback-overrides.ts";
import type { FontMetrics } from "./font-metrics.ts";

/** A font whose every glyph is `width` units wide, except the characters it lacks. */
function font(width: number, metrics: Partial<FontMetrics>, lacks = ""): FontMetrics {
  return {
    unitsPerEm: 1000,
    ascent: 800,
    descent: 200,
    lineGap: 0,
    advance: (char) => (lacks.includes(char) ? undefined : width),
    ...metrics,
  };
}

describe("fallbackOverrides", () => {
  it("scales the fallback to the web font's width and gives it the web font's line metrics", () => {
    const web = font(600, { unitsPerEm: 2000, ascent: 1900, descent: 500, lineGap: 100 }, "€");
    const fallback = font(250, {});
    const overrides = fallbackOverrides(web, fallback, "Cloud € SQL");
    // 600/2000 = 0.3 em against 0.25 em: 120 %. Then 1900/2000 / 1.2, and so on.
    expect(overrides.sizeAdjust).toBeCloseTo(1.2);
    expect(overrides.ascentOverride).toBeCloseTo(0.95 / 1.2);
    expect(overrides.descentOverride).toBeCloseTo(0.25 / 1.2);
    expect(overrides.lineGapOverride).toBeCloseTo(0.05 / 1.2);
  });

  it("writes them as the @font-face descriptors, in percent", () => {
    const css = formatOverrides({
      sizeAdjust: 1.0664,
      ascentOverride: 0.9084,
      descentOverride: 0.2262,
      lineGapOverride: 0,
    });
    expect(css).toBe(
      "size-adjust: 106.64%;\nascent-override: 90.84%;\ndescent-override: 22.62%;\nline-gap-override: 0.00%;",
    );
  });
});
