// The photos the content names, each with the size its card shows it at and whose it is.
import { instructors, testimonials } from "../../src/content/people.ts";
import type { Instructor, Testimonial } from "../../src/content/types.ts";
import { photoSizes } from "../../src/lib/photo-sizes.ts";

/** Where an operator puts the photos, relative to the project root. */
export const PEOPLE_PHOTO_DIR = "src/assets/people";

export type NamedPhoto = {
  /** The file name the content gives (`photo: "…"`). */
  file: string;
  /** The size shown, in CSS pixels; the build also makes it twice as large. */
  size: number;
  /** Whose photo it is, for messages: "Daniel Carter". */
  person: string;
};

export function namedPhotos(
  people: { instructors: readonly Instructor[]; testimonials: readonly Testimonial[] } = {
    instructors,
    testimonials,
  },
): NamedPhoto[] {
  const named: NamedPhoto[] = [];
  for (const { name, photo } of people.instructors) {
    if (photo !== undefined) named.push({ file: photo, size: photoSizes.instructor, person: name });
  }
  for (const { name, photo } of people.testimonials) {
    if (photo !== undefined) named.push({ file: photo, size: photoSizes.student, person: name });
  }
  return named;
}
