import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPeoplePhotos } from "./check-photos.ts";
import { type NamedPhoto, PEOPLE_PHOTO_DIR } from "./named-photos.ts";
import { samplePhotos } from "./sample-photos.ts";

let root = "";
const photo = (file: string, size = 80): NamedPhoto => ({ file, size, person: "Ada Lovelace" });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "photo-check-"));
  const folder = path.join(root, PEOPLE_PHOTO_DIR);
  await mkdir(folder, { recursive: true });
  const files: Record<string, Buffer> = {
    "ada.jpg": await samplePhotos.portrait(),
    "cut-out.png": await samplePhotos.transparentPng(),
    "phone.JPG": await samplePhotos.phoneWithGps(),
    "student.webp": await samplePhotos.webp(),
    "student.avif": await samplePhotos.avif(),
    "tiny.jpg": await samplePhotos.tiny(),
    "cv.jpg": await samplePhotos.renamedPdf(),
    "moving.gif": await sharp({
      create: { width: 200, height: 200, channels: 3, background: "#fff" },
    })
      .gif()
      .toBuffer(),
  };
  for (const [name, bytes] of Object.entries(files))
    await writeFile(path.join(folder, name), bytes);
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe("checkPeoplePhotos", () => {
  it("passes JPEG, PNG, WebP and AVIF photos large enough, whatever their shape", async () => {
    const named = ["ada.jpg", "cut-out.png", "phone.JPG", "student.webp", "student.avif"].map(
      (file) => photo(file, 48),
    );
    expect(await checkPeoplePhotos(root, named)).toEqual({ errors: [], warnings: [] });
  });

  it("has nothing to check, and reads no folder, when no photo is named", async () => {
    expect(await checkPeoplePhotos(path.join(root, "nowhere"), [])).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it("names a missing file and what to do, in one line", async () => {
    const { errors } = await checkPeoplePhotos(root, [photo("ada-lovelace.jpg")]);
    expect(errors).toEqual([
      "src/assets/people/ada-lovelace.jpg, named as Ada Lovelace's photo in src/content/people.ts, is not there: put the photo in src/assets/people/ or correct the name.",
    ]);
  });

  it("points at the file whose name differs only in case", async () => {
    const { errors } = await checkPeoplePhotos(root, [photo("phone.jpg")]);
    expect(errors[0]).toContain(
      'the folder has "phone.JPG" (names are case-sensitive on most hosts): use that name.',
    );
  });

  it("refuses a path instead of a file name", async () => {
    for (const file of ["../secret.jpg", "people/ada.jpg", "C:\\ada.jpg", ""]) {
      const { errors } = await checkPeoplePhotos(root, [photo(file)]);
      expect(errors, file).toHaveLength(1);
      expect(errors[0], file).toContain("name only a file inside src/assets/people/ (no folders)");
    }
  });

  it("refuses a file that is not an image, and an image of another kind", async () => {
    const { errors } = await checkPeoplePhotos(root, [photo("cv.jpg"), photo("moving.gif")]);
    expect(errors).toEqual([
      "src/assets/people/cv.jpg, named as Ada Lovelace's photo in src/content/people.ts, is not an image sharp can read: save it as JPEG, PNG, WebP or AVIF and build again.",
      "src/assets/people/moving.gif, named as Ada Lovelace's photo in src/content/people.ts, is a GIF, not a photo: save it as JPEG, PNG, WebP or AVIF and build again.",
    ]);
  });

  it("warns about a photo smaller than twice the size shown, and lets it through", async () => {
    const { errors, warnings } = await checkPeoplePhotos(root, [photo("tiny.jpg")]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      "src/assets/people/tiny.jpg (Ada Lovelace's photo) is 60×60 px: the page shows it at 80 px, and sharp screens need 160×160 px or more, so it will look soft. It is used; start from a larger photo (at least 800 px on its short side).",
    ]);
  });

  it("measures a phone photo upright (its EXIF orientation) against the size", async () => {
    // phone.JPG is stored 900×600 and shown 600×900: 600 px on its short side either way, but a
    // 700 px card would need 1400 px, and the message gives the upright size.
    const { warnings } = await checkPeoplePhotos(root, [photo("phone.JPG", 700)]);
    expect(warnings[0]).toContain("is 600×900 px");
  });
});
