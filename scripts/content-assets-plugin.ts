// Vite plugin for what the page derives from the content folder:
// - the self-hosted Inter, cut to the content's characters (src/loader.ts imports
//   src/assets/fonts/inter-subset.woff2; this plugin answers that import with the cut font),
// - the "Inter Fallback" faces, measured for the content's prose and put where src/styles.css
//   says `/* inter-fallback-faces */`,
// - in `npm run dev`, a full page reload when a module of the server-rendered page changes
//   (Vite 6+ no longer reloads the browser for SSR-only modules).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EnvironmentModuleNode, Plugin } from "vite";
import { contentProse, contentStrings } from "./content-text.ts";
import { fallbackFaces, makeInterSubset } from "./fonts/inter-font.ts";

const FONT_IMPORT = /[/\\]assets[/\\]fonts[/\\]inter-subset\.woff2$/;
const FACES_MARKER = "/* inter-fallback-faces */";

export function contentAssets(): Plugin {
  let root = process.cwd();
  let cacheDir = path.join(root, "node_modules/.vite");
  // Made once per build (or per dev-server start: in `npm run dev` a character new to the
  // content shows in the fallback face until the server restarts; builds are always fresh).
  let font: Promise<string> | undefined;
  let faces: Promise<string> | undefined;

  const writeFont = async () => {
    const file = path.join(cacheDir, "content-assets", "inter-subset.woff2");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await makeInterSubset(root, contentStrings().join(" ")));
    return file;
  };

  return {
    name: "content-assets",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
      cacheDir = config.cacheDir;
    },
    async resolveId(source, importer) {
      if (!importer || !FONT_IMPORT.test(path.resolve(path.dirname(importer), source))) return;
      font ??= writeFont();
      return font;
    },
    async transform(code, id) {
      if (!id.endsWith("/src/styles.css") || !code.includes(FACES_MARKER)) return;
      faces ??= fallbackFaces(root, contentProse());
      return { code: code.replace(FACES_MARKER, await faces), map: null };
    },
    hotUpdate({ modules, server, timestamp }) {
      if (this.environment.name !== "ssr" || modules.length === 0) return;
      // The page is rendered on the server for each request: drop the stale modules first, then
      // reload the browser so it asks for a page rendered from the edit.
      const seen = new Set<EnvironmentModuleNode>();
      for (const mod of modules) {
        this.environment.moduleGraph.invalidateModule(mod, seen, timestamp, true);
      }
      server.ws.send({ type: "full-reload" });
    },
  };
}
