import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { containerParts, metadataIn } from "./image-metadata.ts";
import { makePhotoVariants, type PhotoVariant } from "./make-photo.ts";
import { faceBox, type SamplePhoto, samplePhotos, SECRETS } from "./sample-photos.ts";

const SIZE = 80;
const made = {} as Record<SamplePhoto, PhotoVariant[]>;
const inputs = [
  "portrait",
  "landscape",
  "transparentPng",
  "phoneWithGps",
  "webp",
  "avif",
  "tiny",
] as const;

beforeAll(async () => {
  for (const kind of inputs) made[kind] = await makePhotoVariants(await samplePhotos[kind](), SIZE);
});

describe("makePhotoVariants", () => {
  it("makes AVIF and WebP at the size shown and twice it, square, from every kind of input", async () => {
    for (const kind of inputs) {
      const kinds = made[kind].map((v) => `${v.format} ${v.density}x ${v.pixels}`);
      expect(kinds.sort(), kind).toEqual([
        "avif 1x 80",
        "avif 2x 160",
        "webp 1x 80",
        "webp 2x 160",
      ]);
      for (const variant of made[kind]) {
        const info = await sharp(variant.data).metadata();
        expect([info.format, info.width, info.height], kind).toEqual([
          variant.format === "avif" ? "heif" : "webp",
          variant.pixels,
          variant.pixels,
        ]);
      }
    }
  });

  it("crops portrait and landscape photos square without squashing them, keeping the face", async () => {
    for (const kind of ["portrait", "landscape", "phoneWithGps"] as const) {
      const large = made[kind].find((v) => v.format === "webp" && v.density === 2);
      const face = await faceBox(large?.data ?? Buffer.alloc(0));
      // The disc stays a disc (a squash would make it an ellipse) and stays whole in the frame.
      expect(
        Math.abs(face.width - face.height),
        `${kind}: ${JSON.stringify(face)}`,
      ).toBeLessThanOrEqual(3);
      expect(face.left, kind).toBeGreaterThan(0);
      expect(face.top, kind).toBeGreaterThan(0);
      expect(face.right, kind).toBeLessThan(159);
      expect(face.bottom, kind).toBeLessThan(159);
    }
  });

  it("turns a phone photo upright by its EXIF orientation before cropping", async () => {
    // Stored with the face top left; upright (turned 90° clockwise) it is top right.
    const large = made.phoneWithGps.find((v) => v.format === "avif" && v.density === 2);
    const face = await faceBox(large?.data ?? Buffer.alloc(0));
    expect(face.left + face.right, JSON.stringify(face)).toBeGreaterThan(160);
  });

  it("keeps a transparent ground transparent", async () => {
    for (const variant of made.transparentPng) {
      const { data, info } = await sharp(variant.data).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels, variant.format).toBe(4);
      expect(data[3], `${variant.format}: the corner's alpha`).toBeLessThan(16);
    }
  });

  it("writes no metadata at all: no EXIF (so no GPS position), no XMP, no ICC profile", async () => {
    const source = await samplePhotos.phoneWithGps();
    const input = await sharp(source).metadata();
    // The input really carries them (GPS IFD pointer 0x8825, little-endian in sharp's EXIF).
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(input.exif?.toString("latin1")).toContain(SECRETS.artist);
    expect(input.xmpAsString).toContain(SECRETS.xmp);
    expect(input.icc).toBeDefined();
    for (const variant of made.phoneWithGps) {
      const shown = `${variant.format} ${variant.density}x: ${containerParts(variant.data).join(" ")}`;
      expect(metadataIn(variant.data), shown).toEqual([]);
      const text = variant.data.toString("latin1");
      for (const secret of [SECRETS.artist, SECRETS.xmp, "Test Phone", "GPS"])
        expect(text).not.toContain(secret);
      const info = await sharp(variant.data).metadata();
      expect([info.exif, info.xmp, info.icc], shown).toEqual([undefined, undefined, undefined]);
    }
  });

  it("the metadata reader finds EXIF, XMP and an ICC profile in files that keep them", async () => {
    const source = await samplePhotos.phoneWithGps();
    const kept = sharp(source).resize(32, 32).keepMetadata();
    expect(metadataIn(await kept.clone().webp().toBuffer())).toEqual(
      expect.arrayContaining(["EXIF", "XMP ", "ICCP"]),
    );
    const avif = metadataIn(await kept.clone().avif().toBuffer());
    expect(avif).toEqual(expect.arrayContaining(["infe:Exif", "infe:mime"]));
    // An ICC profile in AVIF is a colr box of type prof, or rICC (restricted).
    expect(avif.some((found) => found === "colr:prof" || found === "colr:rICC")).toBe(true);
  });

  it("enlarges a photo smaller than twice the size shown (the build warns about it)", () => {
    expect(made.tiny.map((v) => v.pixels).sort()).toEqual([160, 160, 80, 80]);
  });

  it("keeps a 2× instructor photo in AVIF small", () => {
    for (const kind of inputs) {
      const large = made[kind].find((v) => v.format === "avif" && v.density === 2);
      expect(large?.data.length, kind).toBeLessThanOrEqual(12_000);
    }
  });

  it("refuses a file that is not an image", async () => {
    await expect(makePhotoVariants(await samplePhotos.renamedPdf(), SIZE)).rejects.toThrow();
  });
});
