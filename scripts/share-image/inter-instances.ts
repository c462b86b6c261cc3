// Inter's static faces from @fontsource/inter, as WOFF (satori reads TrueType, OpenType and
// WOFF, not WOFF2). Neither satori nor resvg may depend on the fonts of the machine that builds (a
// host's build image has none). Only the share image, drawn at build time, uses Inter: the page
// itself is set in the platform's UI font and downloads none.
import { readFile } from "node:fs/promises";
import path from "node:path";

export type InterInstance = { name: string; weight: 400 | 600 | 700 | 800; data: Buffer };

const interFile = (weight: InterInstance["weight"]) =>
  `node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`;

export function interInstances(
  root: string,
  weights: InterInstance["weight"][],
): Promise<InterInstance[]> {
  return Promise.all(
    weights.map(async (weight) => ({
      name: "Inter",
      weight,
      data: await readFile(path.join(root, interFile(weight))),
    })),
  );
}
