// Static Inter faces (TrueType) cut from the variable @fontsource-variable/inter at the weights
// asked for: satori and resvg read TrueType/OpenType only, and neither may depend on the fonts of
// the machine that builds (a host's build image has none). Only the share image, drawn at build
// time, uses Inter: the page itself is set in the platform's UI font and downloads none.
import { readFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";

const interSource = "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

export type InterInstance = { name: string; weight: 400 | 600 | 700 | 800; data: Buffer };

export async function interInstances(
  root: string,
  text: string,
  weights: InterInstance["weight"][],
): Promise<InterInstance[]> {
  const variable = await readFile(path.join(root, interSource));
  return Promise.all(
    weights.map(async (weight) => ({
      name: "Inter",
      weight,
      data: await subsetFont(variable, text, {
        targetFormat: "sfnt",
        variationAxes: { wght: weight },
      }),
    })),
  );
}
