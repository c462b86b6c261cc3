// One photo made for the page: turned upright (a phone's EXIF orientation), cropped square
// around what draws the eye, and written as AVIF and WebP at the size shown and twice it. sharp
// writes no metadata unless asked to (no EXIF, GPS position, XMP or ICC profile), and is never
// asked to here; the colours are converted to sRGB, which browsers assume without a profile.
import sharp from "sharp";

export type PhotoFormat = "avif" | "webp";

export type PhotoVariant = {
  format: PhotoFormat;
  /** 1 for screens of one device pixel per CSS pixel, 2 for sharp ("retina") screens. */
  density: 1 | 2;
  /** Width and height in device pixels (the crop is square). */
  pixels: number;
  data: Buffer;
};

/**
 * The recipe, part of each cached result's key (scripts/people-photos/photo-cache.ts): a change
 * here makes every photo anew. AVIF at sharp's default quality 50 keeps a 160 px face under
 * 12 KB; WebP (every browser that lacks AVIF has it) at its default 80.
 */
export const PHOTO_RECIPE = {
  crop: "attention",
  avif: { quality: 50, effort: 4 },
  webp: { quality: 80, effort: 4 },
} as const;

/**
 * The photo at `size` CSS pixels: AVIF and WebP, 1× and 2×. `position: "attention"` crops to the
 * region with the most luminance detail, saturated colour and skin tones, so a face off the
 * centre of a portrait or a group shot stays in; `fit: "cover"` fills the square without
 * squashing. A photo smaller than 2× is enlarged to it (the build warns: scripts/people-photos/check-photos.ts).
 */
export async function makePhotoVariants(input: string | Buffer, size: number) {
  const large = size * 2;
  const square = await sharp(input)
    .autoOrient()
    .resize(large, large, { fit: "cover", position: PHOTO_RECIPE.crop })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: square.info };
  const small = await sharp(square.data, raw)
    .resize(size, size)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const variants: PhotoVariant[] = [];
  for (const [density, pixels] of [
    [1, small],
    [2, square],
  ] as const) {
    const image = () => sharp(pixels.data, { raw: pixels.info });
    variants.push(
      {
        format: "avif",
        density,
        pixels: pixels.info.width,
        data: await image().avif(PHOTO_RECIPE.avif).toBuffer(),
      },
      {
        format: "webp",
        density,
        pixels: pixels.info.width,
        data: await image().webp(PHOTO_RECIPE.webp).toBuffer(),
      },
    );
  }
  return variants;
}
