// The made photos, kept in Vite's cache folder under a key of the source's bytes, the size and
// the recipe: the build's two passes (the client's and the prerender's) make each photo once,
// and a build whose photos did not change makes none.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { makePhotoVariants, PHOTO_RECIPE, type PhotoVariant } from "./make-photo.ts";

const KINDS = [
  { format: "avif", density: 1 },
  { format: "webp", density: 1 },
  { format: "avif", density: 2 },
  { format: "webp", density: 2 },
] as const;

export async function cachedPhotoVariants(
  cacheDir: string,
  source: string,
  size: number,
): Promise<PhotoVariant[]> {
  const bytes = await readFile(source);
  const key = createHash("sha256")
    .update(JSON.stringify({ size, PHOTO_RECIPE, sharp: sharp.versions }))
    .update(bytes)
    .digest("hex")
    .slice(0, 32);
  const dir = path.join(cacheDir, "people-photos", key);
  const fileOf = (kind: Pick<PhotoVariant, "format" | "density">) =>
    `${kind.density}x.${kind.format}`;
  try {
    return await Promise.all(
      KINDS.map(async (kind) => ({
        ...kind,
        pixels: size * kind.density,
        data: await readFile(path.join(dir, fileOf(kind))),
      })),
    );
  } catch {
    // Not made yet: make it below.
  }
  const variants = await makePhotoVariants(bytes, size);
  // Written beside, then renamed into place: a build running alongside never reads half a set.
  const partial = `${dir}.partial-${process.pid}-${Date.now()}`;
  await mkdir(partial, { recursive: true });
  for (const variant of variants)
    await writeFile(path.join(partial, fileOf(variant)), variant.data);
  await rename(partial, dir).catch(() => rm(partial, { recursive: true, force: true }));
  return variants;
}
