// Vite plugin: the photos of people the content names (src/content/people.ts, `photo`), made by
// sharp at build time into hashed files in assets/ and handed to the page as the module
// `virtual:people-photos` (src/lib/people-photos.ts reads it). With no photo named, the module is
// an empty object and nothing else changes. `npm run dev` serves the made files from memory.
import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";
import type { BuiltPhoto, BuiltPhotos } from "../../src/lib/photo-sizes.ts";
import { checkPeoplePhotos } from "./check-photos.ts";
import { namedPhotos, PEOPLE_PHOTO_DIR } from "./named-photos.ts";
import { cachedPhotoVariants } from "./photo-cache.ts";
import type { PhotoVariant } from "./make-photo.ts";

const MODULE_ID = "virtual:people-photos";
const RESOLVED_ID = `\0${MODULE_ID}`;
const TYPES = { avif: "image/avif", webp: "image/webp" } as const;

/** A name safe in a URL and in `srcset` (no spaces or commas): "Daniel Carter.JPG" → "daniel-carter". */
export function photoStem(file: string): string {
  const stem = path
    .parse(file)
    .name.normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return stem || "photo";
}

/** assets/<stem>-<pixels>-<hash of the bytes>.<format>, as Vite names the assets it hashes. */
export function photoFileName(file: string, variant: PhotoVariant): string {
  const hash = createHash("sha256").update(variant.data).digest("base64url").slice(0, 8);
  return `assets/${photoStem(file)}-${variant.pixels}-${hash}.${variant.format}`;
}

type MadeFile = { fileName: string; variant: PhotoVariant };
type MadePhoto = { file: string; size: number; files: MadeFile[] };

/** Checks and makes every photo the content names (or stops at the first problem). */
async function makeNamedPhotos(root: string, cacheDir: string): Promise<MadePhoto[]> {
  const named = namedPhotos();
  const { errors } = await checkPeoplePhotos(root, named);
  // scripts/build.ts has run the same check and printed every problem; here the first one stops
  // the dev server's render, or a build started some other way.
  if (errors[0]) throw new Error(errors[0]);
  const made: MadePhoto[] = [];
  for (const { file, size } of named) {
    const source = path.join(root, PEOPLE_PHOTO_DIR, file);
    const variants = await cachedPhotoVariants(cacheDir, source, size);
    made.push({
      file,
      size,
      files: variants.map((variant) => ({ fileName: photoFileName(file, variant), variant })),
    });
  }
  return made;
}

/** What `<picture>` needs of a made photo: site-relative URLs under `base`. */
function builtPhoto(base: string, files: MadeFile[]): BuiltPhoto {
  const url = (format: PhotoVariant["format"], density: 1 | 2) => {
    const found = files.find(
      ({ variant }) => variant.format === format && variant.density === density,
    );
    if (!found) throw new Error(`No ${format} at ${density}x was made`);
    return `${base}${found.fileName}`;
  };
  return {
    avif: `${url("avif", 1)} 1x, ${url("avif", 2)} 2x`,
    webp: `${url("webp", 1)} 1x, ${url("webp", 2)} 2x`,
    src: url("webp", 1),
    large: url("webp", 2),
  };
}

export function peoplePhotos(): Plugin {
  let root = process.cwd();
  let cacheDir = path.join(root, "node_modules/.vite");
  let base = "/";
  let building = false;
  /** In `npm run dev`: the made files by URL path. */
  const served = new Map<string, { type: string; data: Buffer }>();

  /** Every named photo made: once per build; in `npm run dev` on each render of the page (a
   * replaced photo shows at once; the cache makes an unchanged one cost a file read). */
  let making: Promise<MadePhoto[]> | undefined;
  const made = () =>
    building ? (making ??= makeNamedPhotos(root, cacheDir)) : makeNamedPhotos(root, cacheDir);

  return {
    name: "people-photos",
    configResolved(config) {
      root = config.root;
      cacheDir = config.cacheDir;
      base = config.base;
      building = config.command === "build";
    },
    resolveId(source) {
      return source === MODULE_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return;
      const photos: BuiltPhotos = {};
      for (const { file, size, files } of await made()) {
        this.addWatchFile(path.join(root, PEOPLE_PHOTO_DIR, file));
        (photos[file] ??= {})[size] = builtPhoto(base, files);
        if (!building) {
          for (const { fileName, variant } of files)
            served.set(`${base}${fileName}`, { type: TYPES[variant.format], data: variant.data });
        }
      }
      return `export default ${JSON.stringify(photos)};`;
    },
    // The page that shows the photos is rendered by the server build, but the files belong to
    // the client's output (dist/assets/), so the client build writes them, imported or not.
    async generateBundle() {
      if (this.environment.config.consumer !== "client") return;
      const emitted = new Set<string>();
      for (const { files } of await made()) {
        for (const { fileName, variant } of files) {
          // The same photo named on two people is one set of files.
          if (emitted.has(fileName)) continue;
          emitted.add(fileName);
          this.emitFile({ type: "asset", fileName, source: variant.data });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = served.get((req.url ?? "").split("?")[0] ?? "");
        if (!file) return next();
        res.setHeader("Content-Type", file.type);
        res.end(file.data);
      });
    },
  };
}
