// CSS pixels; the build makes each photo at 1× and 2× of these (scripts/people-photos/).
export const photoSizes = {
  /** The instructor card's portrait, as large as the drawn initials it replaces (size-20). */
  instructor: 80,
  student: 48,
} as const;

/** A photo as the build made it for one size: what `<picture>` needs (site-relative URLs). */
export type BuiltPhoto = {
  /** `srcset` of the AVIF `<source>`: the 1× and 2× files. */
  avif: string;
  /** `srcset` of the `<img>`: the WebP 1× and 2× files. */
  webp: string;
  src: string;
  /** The WebP at 2×: the largest file, for search engines (JSON-LD). */
  large: string;
};

/** Every photo the content names, by file name, then by the size it is shown at. */
export type BuiltPhotos = Record<string, Record<number, BuiltPhoto>>;
