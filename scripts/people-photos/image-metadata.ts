// Which metadata an AVIF or WebP file carries, read from its bytes by the containers' own
// structure (not by asking the library that wrote it): WebP's RIFF chunks EXIF, XMP and ICCP;
// AVIF's items of type Exif and mime (XMP) and its colour boxes holding an ICC profile.

/** WebP (RIFF): the four-letter names of its chunks. */
function webpChunks(bytes: Buffer): string[] {
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32LE(at + 4);
    chunks.push(bytes.toString("latin1", at, at + 4));
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/** ISO base media (AVIF): every box, depth first, with an item's type for `infe` boxes. */
function avifBoxes(bytes: Buffer, start = 0, end = bytes.length): string[] {
  const boxes: string[] = [];
  // Boxes that hold boxes, and how many bytes of their own come first.
  const containers: Record<string, number> = { meta: 4, iprp: 0, ipco: 0, iinf: 6 };
  for (let at = start; at + 8 <= end;) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = end - at;
    if (size < 8) break;
    if (type === "infe") {
      // Version 2 and 3: item id (2 or 4 bytes) and protection index (2) before the type.
      const version = bytes[at + 8] ?? 0;
      const typeAt = at + 12 + (version >= 3 ? 4 : 2) + 2;
      boxes.push(`infe:${bytes.toString("latin1", typeAt, typeAt + 4)}`);
    } else if (type === "colr") {
      boxes.push(`colr:${bytes.toString("latin1", at + 8, at + 12)}`);
    } else {
      boxes.push(type);
    }
    const skip = containers[type];
    if (skip !== undefined) {
      // iinf's entry count is 2 bytes in version 0, 4 after.
      const own = type === "iinf" && bytes[at + 8] !== 0 ? 8 : skip;
      boxes.push(...avifBoxes(bytes, at + 8 + own, at + size));
    }
    at += size;
  }
  return boxes;
}

/** The metadata found in `bytes` (an AVIF or a WebP file): empty when it carries none. */
export function metadataIn(bytes: Buffer): string[] {
  const found: string[] = [];
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") {
    const chunks = webpChunks(bytes);
    for (const chunk of ["EXIF", "XMP ", "ICCP"]) if (chunks.includes(chunk)) found.push(chunk);
    // VP8X's flags announce an ICC profile (0x20), EXIF (0x08) or XMP (0x04).
    const flags = chunks[0] === "VP8X" ? (bytes[20] ?? 0) : 0;
    if (flags & 0x2c) found.push("VP8X metadata flags");
  } else if (bytes.toString("latin1", 4, 8) === "ftyp") {
    const boxes = avifBoxes(bytes);
    for (const box of ["infe:Exif", "infe:mime", "colr:prof", "colr:rICC"])
      if (boxes.includes(box)) found.push(box);
  } else {
    found.push("not an AVIF or WebP file");
  }
  // Whatever the container: no EXIF header, no XMP packet.
  const text = bytes.toString("latin1");
  for (const marker of ["Exif\0\0", "<x:xmpmeta", "http://ns.adobe.com/xap/"])
    if (text.includes(marker)) found.push(JSON.stringify(marker));
  return found;
}

/** The AVIF boxes or WebP chunks of a file, for a test to show what it read. */
export function containerParts(bytes: Buffer): string[] {
  return bytes.toString("latin1", 0, 4) === "RIFF" ? webpChunks(bytes) : avifBoxes(bytes);
}
