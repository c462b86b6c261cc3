// The first-paint script (src/first-paint.ts) as the build inlines it: one minified classic
// script, no imports, that runs in <head> before the body is parsed. Built on its own, without
// the project's Vite plugins: it is plain TypeScript and must not pull in React or CSS.
import path from "node:path";
import { build, type Rolldown } from "vite";

export const FIRST_PAINT_ENTRY = "src/first-paint.ts";
/** Where index.html wants the script; the dev server puts a module script there instead. */
export const FIRST_PAINT_PLACEHOLDER = "<!--first-paint-->";

export async function buildFirstPaintScript(root: string): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    envDir: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: true,
      copyPublicDir: false,
      lib: { entry: path.join(root, FIRST_PAINT_ENTRY), formats: ["iife"], name: "firstPaint" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === "chunk");
  if (chunks.length !== 1 || !chunks[0]) {
    throw new Error(`${FIRST_PAINT_ENTRY} must build to one script, got ${chunks.length}`);
  }
  const code = chunks[0].code.trim();
  if (/<\/script/i.test(code)) throw new Error(`${FIRST_PAINT_ENTRY} contains </script`);
  return code;
}
