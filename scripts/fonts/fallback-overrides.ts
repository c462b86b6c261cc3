import type { FontMetrics } from "./font-metrics.ts";

export type Overrides = {
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
};

/** The width of `text` in ems, skipping characters either font lacks. */
function widthInEm(font: FontMetrics, other: FontMetrics, text: string): number {
  let units = 0;
  for (const char of text) {
    const width = font.advance(char);
    if (width !== undefined && other.advance(char) !== undefined) units += width;
  }
  return units / font.unitsPerEm;
}

/**
 * The @font-face overrides that make `fallback` take the room `web` takes: scaled so the sample
 * text (the site's own copy) is as wide, and with the web font's ascent, descent and line gap,
 * so lines break and stack the same before and after the swap.
 */
export function fallbackOverrides(
  web: FontMetrics,
  fallback: FontMetrics,
  sample: string,
): Overrides {
  const sizeAdjust = widthInEm(web, fallback, sample) / widthInEm(fallback, web, sample);
  const share = (units: number) => units / web.unitsPerEm / sizeAdjust;
  return {
    sizeAdjust,
    ascentOverride: share(web.ascent),
    descentOverride: share(web.descent),
    lineGapOverride: share(web.lineGap),
  };
}

export function formatOverrides(overrides: Overrides): string {
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  return [
    `size-adjust: ${percent(overrides.sizeAdjust)};`,
    `ascent-override: ${percent(overrides.ascentOverride)};`,
    `descent-override: ${percent(overrides.descentOverride)};`,
    `line-gap-override: ${percent(overrides.lineGapOverride)};`,
  ].join("\n");
}
