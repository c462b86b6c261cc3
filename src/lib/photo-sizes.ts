// The sizes, in CSS pixels, at which the page shows a person's photo. The build makes each photo
// at these sizes and twice them (scripts/people-photos/); the cards lay them out at these sizes.
export const photoSizes = {
  /** The instructor card's portrait, as large as the drawn initials it replaces (size-20). */
  instructor: 80,
  /** The small portrait beside a student's name under a testimonial. */
  student: 48,
} as const;

/** A photo as the build made it for one size: what `<picture>` needs (site-relative URLs). */
export type BuiltPhoto = {
  /** `srcset` of the AVIF `<source>`: the 1× and 2× files. */
  avif: string;
  /** `srcset` of the `<img>`: the WebP 1× and 2× files. */
  webp: string;
  /** The WebP at 1×: the `<img>`'s `src`. */
  src: string;
  /** The WebP at 2×: the largest file, for search engines (JSON-LD). */
  large: string;
};

/** Every photo the content names, by file name, then by the size it is shown at. */
export type BuiltPhotos = Record<string, Record<number, BuiltPhoto>>;
