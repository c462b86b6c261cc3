// The build's assets made from the content, after the page is rendered: the share image, and
// a check that the self-hosted Inter (cut by scripts/content-assets-plugin.ts) holds every
// character of the rendered page.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { SHARE_IMAGE_PATH } from "../src/structured-data.ts";
import { contentStrings } from "./content-text.ts";
import { missingCharacters } from "./fonts/inter-font.ts";
import { pageText } from "./page-text.ts";
import { makeShareImage } from "./share-image/make-share-image.ts";

/** The Inter file the build emitted (assets/inter-subset-HASH.woff2). */
export async function builtFontFile(outDir: string): Promise<string> {
  const name = (await readdir(path.join(outDir, "assets"))).find((file) =>
    /^inter-subset-.*\.woff2$/.test(file),
  );
  if (!name) throw new Error(`no inter-subset font in ${outDir}/assets`);
  return path.join(outDir, "assets", name);
}

export async function writeDerivedAssets(root: string, outDir: string): Promise<string[]> {
  const image = await makeShareImage(root);
  await writeFile(path.join(outDir, SHARE_IMAGE_PATH), image.png);

  const html = await readFile(path.join(outDir, "index.html"), "utf8");
  const font = await readFile(await builtFontFile(outDir));
  const missing = await missingCharacters(font, [pageText(html), ...contentStrings()].join(" "));
  if (missing.length > 0) {
    throw new Error(`Inter has no glyph for ${missing.map((c) => JSON.stringify(c)).join(", ")}`);
  }
  return [SHARE_IMAGE_PATH];
}
