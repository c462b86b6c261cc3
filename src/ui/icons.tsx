// Decorative only: the text beside each icon says what it means.
import spriteUrl from "virtual:icon-sprite.svg";
import type { GlyphName } from "./icon-glyphs.ts";

export function Icon({
  name,
  className,
  fill,
}: {
  name: GlyphName;
  className?: string;
  /** For the filled glyphs (filledGlyphs): the star of a rating, the play button. */
  fill?: string;
}) {
  return (
    <svg aria-hidden="true" focusable="false" className={className} fill={fill}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
