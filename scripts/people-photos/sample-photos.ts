// Photos the tests draw themselves (never a real person's face): a red disc, the "face", on a
// blue-grey ground, in the shapes and formats an operator's photos come in. Its roundness in a
// made photo shows the crop kept the proportions; where it sits shows what the crop kept.
import sharp from "sharp";

export const FACE = { r: 0xc0, g: 0x39, b: 0x2b } as const;
const GROUND = "#8aa0b8";

/** Text a test can look for in the made files' bytes: none of it may survive. */
export const SECRETS = {
  artist: "Photographer Secret-Artist",
  xmp: "Secret-Xmp-Creator",
  /** 51°30'N 0°7'W, as EXIF's GPS rationals. */
  latitude: "51/1 30/1 0/1",
  longitude: "0/1 7/1 0/1",
} as const;

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${SECRETS.xmp}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** A `width`×`height` picture with the face at (cx, cy), radius r; `ground: null` is transparent. */
function drawing(
  width: number,
  height: number,
  face: { cx: number; cy: number; r: number },
  ground: string | null = GROUND,
) {
  const fill = `rgb(${FACE.r},${FACE.g},${FACE.b})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${
    ground ? `<rect width="100%" height="100%" fill="${ground}"/>` : ""
  }<circle cx="${face.cx}" cy="${face.cy}" r="${face.r}" fill="${fill}"/></svg>`;
  return sharp(Buffer.from(svg));
}

export const samplePhotos = {
  /** 600×900 JPEG, face in the upper third as in a head-and-shoulders portrait. */
  portrait: () => drawing(600, 900, { cx: 300, cy: 280, r: 150 }).jpeg().toBuffer(),
  /** 1200×800 JPEG, face off to the right. */
  landscape: () => drawing(1200, 800, { cx: 850, cy: 400, r: 200 }).jpeg().toBuffer(),
  /** 800×800 PNG, the face on a transparent ground (a cut-out portrait). */
  transparentPng: () => drawing(800, 800, { cx: 400, cy: 400, r: 250 }, null).png().toBuffer(),
  /**
   * A phone's photo: stored 900×600 with the face top left, but tagged "rotate 90° clockwise"
   * (EXIF orientation 6), so it shows as a 600×900 portrait with the face top right; with EXIF
   * (a GPS position, the artist), XMP and a Display P3 colour profile.
   */
  phoneWithGps: () =>
    drawing(900, 600, { cx: 200, cy: 150, r: 120 })
      .withIccProfile("p3")
      .withExif({
        IFD0: { Artist: SECRETS.artist, Make: "Test Phone" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: SECRETS.latitude,
          GPSLongitudeRef: "W",
          GPSLongitude: SECRETS.longitude,
        },
      })
      .withXmp(XMP)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
  /** 400×400 WebP. */
  webp: () => drawing(400, 400, { cx: 200, cy: 200, r: 120 }).webp().toBuffer(),
  /** 400×400 AVIF. */
  avif: () => drawing(400, 400, { cx: 200, cy: 200, r: 120 }).avif().toBuffer(),
  /** 60×60 JPEG: smaller than twice any size the page shows. */
  tiny: () => drawing(60, 60, { cx: 30, cy: 30, r: 20 }).jpeg().toBuffer(),
  /** A PDF (a CV, say), renamed to .jpg. */
  renamedPdf: async () =>
    Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    ),
} satisfies Record<string, () => Promise<Buffer>>;

export type SamplePhoto = keyof typeof samplePhotos;

/** The bounding box of the face's pixels in an RGB(A) image. */
export async function faceBox(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const at = (y * info.width + x) * info.channels;
      const near =
        Math.abs((data[at] ?? 0) - FACE.r) < 40 &&
        Math.abs((data[at + 1] ?? 0) - FACE.g) < 40 &&
        Math.abs((data[at + 2] ?? 0) - FACE.b) < 40 &&
        (info.channels < 4 || (data[at + 3] ?? 0) > 128);
      if (near)
        [left, top, right, bottom] = [
          Math.min(left, x),
          Math.min(top, y),
          Math.max(right, x),
          Math.max(bottom, y),
        ];
    }
  }
  return {
    width: right - left + 1,
    height: bottom - top + 1,
    left,
    top,
    right,
    bottom,
    image: info,
  };
}
