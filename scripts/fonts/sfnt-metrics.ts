// Reads the few tables of an sfnt (TrueType/OpenType) font that size a line of text: the units
// per em, the vertical metrics a browser uses, and each character's advance width.

export type FontMetrics = {
  unitsPerEm: number;
  ascent: number;
  /** Positive, below the baseline. */
  descent: number;
  lineGap: number;
  /** Advance width in font units, or undefined when the font has no glyph for it. */
  advance: (char: string) => number | undefined;
};

export function readFontMetrics(font: Uint8Array): FontMetrics {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    tables.set(tag, view.getUint32(record + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`the font has no ${tag} table`);
    return offset;
  };
  const head = table("head");
  const hhea = table("hhea");
  const os2 = table("OS/2");
  const unitsPerEm = view.getUint16(head + 18);
  // Browsers use the typographic metrics when the font asks for them (USE_TYPO_METRICS).
  const useTypo = (view.getUint16(os2 + 62) & (1 << 7)) !== 0;
  const ascent = useTypo ? view.getInt16(os2 + 68) : view.getInt16(hhea + 4);
  const descent = -(useTypo ? view.getInt16(os2 + 70) : view.getInt16(hhea + 6));
  const lineGap = useTypo ? view.getInt16(os2 + 72) : view.getInt16(hhea + 8);

  const numberOfHMetrics = view.getUint16(hhea + 34);
  const hmtx = table("hmtx");
  const glyphAdvance = (glyph: number) =>
    view.getUint16(hmtx + 4 * Math.min(glyph, numberOfHMetrics - 1));
  const glyphOf = cmapFormat4(view, table("cmap"));
  return {
    unitsPerEm,
    ascent,
    descent,
    lineGap,
    advance: (char) => {
      const glyph = glyphOf(char.codePointAt(0) ?? 0);
      return glyph ? glyphAdvance(glyph) : undefined;
    },
  };
}

/** The Unicode BMP subtable (platform 3 encoding 1, or platform 0), format 4. */
function cmapFormat4(view: DataView, cmap: number): (codePoint: number) => number {
  const subtables = view.getUint16(cmap + 2);
  let sub: number | undefined;
  for (let i = 0; i < subtables; i++) {
    const platform = view.getUint16(cmap + 4 + i * 8);
    const encoding = view.getUint16(cmap + 6 + i * 8);
    const offset = cmap + view.getUint32(cmap + 8 + i * 8);
    if (view.getUint16(offset) !== 4) continue;
    if ((platform === 3 && encoding === 1) || platform === 0) sub = offset;
  }
  if (sub === undefined) throw new Error("the font has no format 4 cmap");
  const at = sub;
  const segments = view.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint) => {
    for (let i = 0; i < segments; i++) {
      if (codePoint > view.getUint16(ends + i * 2)) continue;
      const start = view.getUint16(starts + i * 2);
      if (codePoint < start) return 0;
      const delta = view.getInt16(deltas + i * 2);
      const rangeOffset = view.getUint16(rangeOffsets + i * 2);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsets + i * 2 + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
