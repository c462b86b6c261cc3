import builtPhotos from "virtual:people-photos";
import type { BuiltPhoto } from "./photo-sizes.ts";

export function builtPhoto(file: string, size: number): BuiltPhoto {
  const photo = builtPhotos[file]?.[size];
  // The build makes every photo the content names; a miss is a defect of the build, not input.
  if (!photo) throw new Error(`The photo ${file} was not made at ${size} px`);
  return photo;
}

/** The largest made file of each named photo shown at `size`, by file name (for JSON-LD). */
export function largestPhotos(size: number): Record<string, string> {
  const largest: Record<string, string> = {};
  for (const [file, sizes] of Object.entries(builtPhotos)) {
    const photo = sizes[size];
    if (photo) largest[file] = photo.large;
  }
  return largest;
}
