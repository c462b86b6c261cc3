// The build's assets made from the content, after the page is rendered: the share image.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { SHARE_IMAGE_PATH } from "../src/structured-data.ts";
import { makeShareImage } from "./share-image/make-share-image.ts";

export async function writeDerivedAssets(root: string, outDir: string): Promise<string[]> {
  const image = await makeShareImage(root);
  await writeFile(path.join(outDir, SHARE_IMAGE_PATH), image.png);
  return [SHARE_IMAGE_PATH];
}
