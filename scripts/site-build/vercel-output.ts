// Vercel's Build Output API (https://vercel.com/docs/build-output-api/v3): `.vercel/output/` at
// the project root, with the site in `static/` and the response headers as routes in
// `config.json`. Vercel uses it when the build command writes it, so a Git-connected project gets
// the same headers as `_headers`; locally, `npx vercel deploy --prebuilt` uploads it. The project
// link (`.vercel/project.json`) sits beside it and survives every rebuild.
import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import { HEADERS_FILE, readHeaderRules, VERCEL_FILE } from "../../server/headers-file.ts";
import type { HeaderRule } from "../../server/security-headers.ts";
import { replaceDir } from "./replace-dir.ts";

export const VERCEL_OUTPUT_DIR = path.join(".vercel", "output");

/** A `_headers` path (`*` for the rest of the path) as a route's anchored regular expression. */
function routeSource(pattern: string): string {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*$/, "(.*)");
  return `^${escaped}$`;
}

export function vercelOutputConfig(rules: readonly HeaderRule[]) {
  return {
    version: 3,
    routes: [
      // Header routes match and continue, so every matching rule applies, as in `_headers`.
      ...rules.map((rule) => ({
        src: routeSource(rule.path),
        headers: rule.headers,
        continue: true,
      })),
      { handle: "filesystem" },
    ],
  };
}

/** Writes `root`/.vercel/output from a finished build in `siteDir` (its `_headers` included). */
export async function writeVercelOutput(root: string, siteDir: string): Promise<string> {
  const target = path.join(root, VERCEL_OUTPUT_DIR);
  const config = vercelOutputConfig(readHeaderRules(siteDir));
  const hostFiles = new Set([HEADERS_FILE, VERCEL_FILE]);
  await replaceDir(target, async (staging) => {
    await cp(siteDir, path.join(staging, "static"), {
      recursive: true,
      filter: (source) => !hostFiles.has(path.relative(siteDir, source)),
    });
    await writeFile(path.join(staging, "config.json"), `${JSON.stringify(config, null, 2)}\n`);
  });
  return target;
}
