// Writes fallback-metrics.json: the line metrics and advance widths of Liberation Sans (Regular
// and Bold), the fallback the page sets text in until Inter arrives. Liberation Sans has Arial's
// metrics, so one set of overrides serves Arial (macOS, Windows) and Liberation Sans (Linux).
// These are facts about those fonts, committed so the build needs no font of the machine.
// Usage (once, on a machine with Debian's fonts-liberation): npx tsx scripts/fonts/measure-fallback.ts
import { readFile, writeFile } from "node:fs/promises";
import { readFontMetrics } from "./font-metrics.ts";

const dir = "/usr/share/fonts/truetype/liberation";
/** Latin-1 and Latin Extended-A/B, plus the typographic punctuation copy tends to use. */
const characters = [
  ...Array.from({ length: 0x24f - 0x20 + 1 }, (_, i) => String.fromCodePoint(0x20 + i)),
  ..."–—‘’‚“”„…•€£™→←↑↓",
];

async function measure(file: string) {
  const font = readFontMetrics(await readFile(`${dir}/${file}`));
  const advances: Record<string, number> = {};
  for (const char of characters) {
    const width = font.advance(char);
    if (width !== undefined) advances[char] = width;
  }
  const { unitsPerEm, ascent, descent, lineGap } = font;
  return { file, unitsPerEm, ascent, descent, lineGap, advances };
}

const data = {
  source: "Liberation Sans 2.x (SIL Open Font License), Debian package fonts-liberation",
  regular: await measure("LiberationSans-Regular.ttf"),
  bold: await measure("LiberationSans-Bold.ttf"),
};
await writeFile(
  new URL("./fallback-metrics.json", import.meta.url),
  `${JSON.stringify(data, null, 2)}\n`,
);
console.log("Wrote scripts/fonts/fallback-metrics.json");
