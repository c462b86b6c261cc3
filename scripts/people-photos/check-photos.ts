// What the build checks of each photo the content names, before it writes anything: the file is
// there under that exact name, it is an image of a kind the page can be made from, and it is
// large enough. Errors stop the build (one line each, naming the file and what to do); a photo
// too small for sharp screens is a warning: it is used all the same.
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { type NamedPhoto, PEOPLE_PHOTO_DIR } from "./named-photos.ts";

export type PhotoCheck = { errors: string[]; warnings: string[] };

/** sharp's names of the formats an operator may use (AVIF is a HEIF file with AV1 inside). */
const ACCEPTED = new Set(["jpeg", "png", "webp", "heif"]);
const FORMAT_NAMES: Record<string, string> = {
  gif: "a GIF",
  svg: "an SVG drawing",
  tiff: "a TIFF",
  jp2: "a JPEG 2000",
  jxl: "a JPEG XL",
  pdf: "a PDF",
};
const SAVE_AS = "save it as JPEG, PNG, WebP or AVIF and build again";

/** One named photo; `folder` lists the photo folder, so a name must match exactly. */
async function checkPhoto(
  root: string,
  folder: string[],
  named: NamedPhoto,
): Promise<{ error: string } | { warning?: string }> {
  const shown = `${PEOPLE_PHOTO_DIR}/${named.file}`;
  const whose = `named as ${named.person}'s photo in src/content/people.ts`;
  if (named.file !== path.basename(named.file) || named.file.includes("\\") || named.file === "") {
    return {
      error: `${named.person}'s photo in src/content/people.ts is "${named.file}": name only a file inside ${PEOPLE_PHOTO_DIR}/ (no folders), and put the file there.`,
    };
  }
  if (!folder.includes(named.file)) {
    const close = folder.find((name) => name.toLowerCase() === named.file.toLowerCase());
    const hint = close
      ? `the folder has "${close}" (names are case-sensitive on most hosts): use that name`
      : `put the photo in ${PEOPLE_PHOTO_DIR}/ or correct the name`;
    return { error: `${shown}, ${whose}, is not there: ${hint}.` };
  }
  let info: Metadata;
  try {
    info = await sharp(path.join(root, PEOPLE_PHOTO_DIR, named.file)).metadata();
  } catch {
    return { error: `${shown}, ${whose}, is not an image sharp can read: ${SAVE_AS}.` };
  }
  if (info.format === "heif" && info.compression !== "av1") {
    return {
      error: `${shown}, ${whose}, is a HEIC photo (a phone's default), which browsers cannot show: ${SAVE_AS}.`,
    };
  }
  if (!ACCEPTED.has(info.format)) {
    const kind = FORMAT_NAMES[info.format] ?? `a ${info.format.toUpperCase()} file`;
    return { error: `${shown}, ${whose}, is ${kind}, not a photo: ${SAVE_AS}.` };
  }
  const { width, height } = info.autoOrient;
  const needed = named.size * 2;
  if (Math.min(width, height) < needed) {
    return {
      warning: `${shown} (${named.person}'s photo) is ${width}×${height} px: the page shows it at ${named.size} px, and sharp screens need ${needed}×${needed} px or more, so it will look soft. It is used; start from a larger photo (at least 800 px on its short side).`,
    };
  }
  return {};
}

/** Checks every named photo; reads only each file's header, so it stays fast for any size. */
export async function checkPeoplePhotos(root: string, named: NamedPhoto[]): Promise<PhotoCheck> {
  const check: PhotoCheck = { errors: [], warnings: [] };
  if (named.length === 0) return check;
  const folder = await readdir(path.join(root, PEOPLE_PHOTO_DIR)).catch(() => []);
  for (const photo of named) {
    const result = await checkPhoto(root, folder, photo);
    if ("error" in result) check.errors.push(result.error);
    else if (result.warning) check.warnings.push(result.warning);
  }
  return check;
}
