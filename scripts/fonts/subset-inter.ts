// Regenerates the self-hosted Inter (src/assets/fonts/inter-subset.woff2) from
// @fontsource-variable/inter and prints the "Inter Fallback" faces for src/styles.css.
// Usage: npx tsx scripts/fonts/subset-inter.ts
// The fallback is measured against Liberation Sans (Debian: fonts-liberation), which has Arial's
// metrics, so one set of overrides serves Arial on macOS/Windows and Liberation Sans on Linux.
import { readFile, writeFile } from "node:fs/promises";
import subsetFont from "subset-font";
import * as contact from "../../src/content/contact.ts";
import * as navigation from "../../src/content/navigation.ts";
import * as people from "../../src/content/people.ts";
import * as program from "../../src/content/program.ts";
import * as registration from "../../src/content/registration.ts";
import * as site from "../../src/content/site.ts";
import { fallbackOverrides, formatOverrides } from "./fallback-overrides.ts";
import { interCharacters, interFeatures, interFile, interWeights } from "./inter-subset.ts";
import { readFontMetrics } from "./sfnt-metrics.ts";

const source = "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
const liberation = "/usr/share/fonts/truetype/liberation";

/** Every sentence of the site's copy: the text whose width the fallback has to match. */
function prose(value: unknown): string[] {
  if (typeof value === "string") return /\s/.test(value) ? [value] : [];
  if (value && typeof value === "object") return Object.values(value).flatMap(prose);
  return [];
}

const inter = await readFile(source);
const subset = await subsetFont(inter, interCharacters, {
  targetFormat: "woff2",
  keepFeatures: interFeatures,
  variationAxes: { wght: interWeights },
});
await writeFile(interFile, subset);
console.log(`Wrote ${interFile} (${subset.byteLength} bytes, from ${inter.byteLength})\n`);

const sample = [contact, navigation, people, program, registration, site].flatMap(prose).join(" ");
const faces = [
  {
    weights: "100 500",
    wght: 400,
    local: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans"],
    file: "LiberationSans-Regular.ttf",
  },
  {
    weights: "600 900",
    wght: 700,
    local: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold"],
    file: "LiberationSans-Bold.ttf",
  },
];
for (const face of faces) {
  const instance = await subsetFont(inter, interCharacters, {
    targetFormat: "sfnt",
    variationAxes: { wght: face.wght },
  });
  const overrides = fallbackOverrides(
    readFontMetrics(instance),
    readFontMetrics(await readFile(`${liberation}/${face.file}`)),
    sample,
  );
  console.log(`/* Inter at weight ${face.wght} */
@font-face {
  font-family: "Inter Fallback";
  font-weight: ${face.weights};
  src: ${face.local.map((name) => `local("${name}")`).join(", ")};
${formatOverrides(overrides).replace(/^/gm, "  ")}
}`);
}
