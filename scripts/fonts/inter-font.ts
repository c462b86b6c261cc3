// The self-hosted Inter and its metric-matched fallback faces, made at build time from the text
// the site shows: an operator's accented name is in the font without anyone re-running a script.
import { readFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";
import { fallbackOverrides, formatOverrides } from "./fallback-overrides.ts";
import fallbackMetrics from "./fallback-metrics.json" with { type: "json" };
import { interCharacters, interFeatures, interWeights } from "./inter-subset.ts";
import { readFontMetrics, type FontMetrics } from "./font-metrics.ts";

export const interSource =
  "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

const readInter = (root: string) => readFile(path.join(root, interSource));

/** The characters to keep: printable ASCII and common punctuation (what a visitor types in the
 * form), plus every character of `text`. */
export function subsetCharacters(text: string): string {
  return [...new Set([...interCharacters, ...text])].sort().join("");
}

/** Inter cut to `text`'s characters, the page's weights and the default layout features. */
export async function makeInterSubset(root: string, text: string): Promise<Uint8Array> {
  return subsetFont(await readInter(root), subsetCharacters(text), {
    targetFormat: "woff2",
    keepFeatures: interFeatures,
    variationAxes: { wght: interWeights },
  });
}

/** Which of `text`'s characters `font` (any format subset-font reads) has no glyph for. */
export async function missingCharacters(font: Uint8Array, text: string): Promise<string[]> {
  const wanted = [...new Set(text)].filter((char) => !/\s/.test(char));
  // "A" keeps the cut font's character map from being empty when none of `wanted` is there.
  const cut = await subsetFont(font, `A${wanted.join("")}`, { targetFormat: "sfnt" });
  const sfnt = readFontMetrics(cut);
  return wanted.filter((char) => sfnt.advance(char) === undefined);
}

type Measured = (typeof fallbackMetrics)["regular"];

function committedMetrics(measured: Measured): FontMetrics {
  const advances: Record<string, number | undefined> = measured.advances;
  return { ...measured, advance: (char) => advances[char] };
}

const faces = [
  {
    weights: "100 500",
    wght: 400,
    local: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans"],
    metrics: fallbackMetrics.regular,
  },
  {
    weights: "600 900",
    wght: 700,
    local: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold"],
    metrics: fallbackMetrics.bold,
  },
];

/**
 * The "Inter Fallback" faces: Arial / Liberation Sans scaled so `sample` (the site's prose) is
 * as wide as in Inter, with Inter's line metrics, so swapping in Inter moves nothing.
 */
export async function fallbackFaces(root: string, sample: string): Promise<string> {
  const inter = await readInter(root);
  const blocks = await Promise.all(
    faces.map(async (face) => {
      const instance = await subsetFont(inter, subsetCharacters(sample), {
        targetFormat: "sfnt",
        variationAxes: { wght: face.wght },
      });
      const overrides = fallbackOverrides(
        readFontMetrics(instance),
        committedMetrics(face.metrics),
        sample,
      );
      return `@font-face {
  font-family: "Inter Fallback";
  font-weight: ${face.weights};
  src: ${face.local.map((name) => `local("${name}")`).join(", ")};
  ${formatOverrides(overrides).replace(/\n/g, "\n  ")}
}`;
    }),
  );
  return blocks.join("\n");
}
