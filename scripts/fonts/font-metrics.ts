// What sizes a line of text in a font: the units per em, the vertical metrics a browser uses, and
// each character's advance width, read with fontkit (any sfnt, WOFF or WOFF2).
import { create } from "fontkit";

export type FontMetrics = {
  unitsPerEm: number;
  ascent: number;
  /** Positive, below the baseline. */
  descent: number;
  lineGap: number;
  /** Advance width in font units, or undefined when the font has no glyph for it. */
  advance: (char: string) => number | undefined;
};

export function readFontMetrics(file: Uint8Array): FontMetrics {
  const font = create(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
  if ("fonts" in font) throw new Error("a font collection, not one font");
  const os2 = font["OS/2"];
  // Browsers use the typographic metrics when the font asks for them (USE_TYPO_METRICS).
  const typo = os2.fsSelection.useTypoMetrics;
  return {
    unitsPerEm: font.unitsPerEm,
    ascent: typo ? os2.typoAscender : font.hhea.ascent,
    descent: -(typo ? os2.typoDescender : font.hhea.descent),
    lineGap: typo ? os2.typoLineGap : font.hhea.lineGap,
    advance: (char) => {
      const codePoint = char.codePointAt(0) ?? 0;
      return font.hasGlyphForCodePoint(codePoint)
        ? font.glyphForCodePoint(codePoint).advanceWidth
        : undefined;
    },
  };
}
