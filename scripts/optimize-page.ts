// The build's last pass over the prerendered page, for the first paint on a slow phone:
// - the stylesheet goes inline, so the page paints from its first round trip (one request
//   fewer on the critical path); the CSP allows exactly that block by its sha256 hash;
// - the loader is fetched at low priority: nothing waits for it, so it may come last;
// - the first-paint script goes inline into <head> (src/first-paint.ts), allowed by its hash;
// - the loader's tag lists the islands' files, which it prefetches at idle (src/lib/prefetch.ts).
import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Manifest } from "vite";
import { PREFETCH_ATTRIBUTE } from "../src/lib/prefetch.ts";
import { FIRST_PAINT_PLACEHOLDER } from "./first-paint-script.ts";

const stylesheetLink = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g;

/** Replaces each `<link rel="stylesheet">` by a `<style>` with the file's text. */
export async function inlineStylesheets(
  html: string,
  readAsset: (href: string) => Promise<string>,
): Promise<{ html: string; inlined: string[] }> {
  const inlined: string[] = [];
  let result = html;
  for (const [link, href = ""] of html.matchAll(stylesheetLink)) {
    const css = (await readAsset(href)).trim();
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
    result = result.replace(link, () => `<style>${css}</style>`);
    inlined.push(href);
  }
  return { html: result, inlined };
}

/** Gives the page's module scripts (the loader) low fetch priority. */
export function lowerScriptPriority(html: string): string {
  return html.replace(
    /<script type="module"(?![^>]*fetchpriority)/g,
    '<script type="module" fetchpriority="low"',
  );
}

const sha256Source = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The CSP sources (`'sha256-…'`) that allow exactly the page's inline `<style>` blocks. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css = ""]) => sha256Source(css));
}

/** The CSP sources that allow exactly the page's inline classic scripts (not JSON-LD data). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, js = ""]) => sha256Source(js));
}

/** Puts the first-paint script where index.html marks its place. */
export function inlineFirstPaintScript(html: string, code: string): string {
  if (!html.includes(FIRST_PAINT_PLACEHOLDER)) {
    throw new Error(`index.html has no ${FIRST_PAINT_PLACEHOLDER} for the first-paint script`);
  }
  return html.replace(FIRST_PAINT_PLACEHOLDER, () => `<script>${code}</script>`);
}

/**
 * The files the islands need that the loader does not already load: the dynamic entry's own
 * chunk and everything it imports, from Vite's manifest, as absolute paths.
 */
export function islandFiles(manifest: Manifest, entry: string, loaded: string): string[] {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  const alreadyLoaded = new Set<string>();
  const walkLoaded = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || alreadyLoaded.has(chunk.file)) return;
    alreadyLoaded.add(chunk.file);
    for (const imported of chunk.imports ?? []) walkLoaded(imported);
  };
  walkLoaded(loaded);
  walk(entry);
  return [...files].filter((file) => !alreadyLoaded.has(file)).map((file) => `/${file}`);
}

/** Names the files to prefetch on the page's module script (the loader). */
export function addPrefetchList(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const tag = /<script type="module"/;
  if (!tag.test(html)) throw new Error("The page has no module script to list prefetches on");
  return html.replace(
    tag,
    () => `<script type="module" ${PREFETCH_ATTRIBUTE}="${files.join(" ")}"`,
  );
}

export type PageScripts = {
  /** The minified first-paint script. */
  firstPaint: string;
  /** Vite's manifest of the client build, and the keys of the islands' entry and the page's. */
  manifest: Manifest;
  islandsEntry: string;
  pageEntry: string;
};

/**
 * Applies the passes to outDir/index.html and removes stylesheets nothing references any more.
 * Returns the CSP sources for the page's inline styles and scripts.
 */
export async function optimizePage(
  outDir: string,
  scripts: PageScripts,
): Promise<{ styleHashes: string[]; scriptHashes: string[] }> {
  const file = path.join(outDir, "index.html");
  const read = (href: string) => readFile(path.join(outDir, href), "utf8");
  const { html, inlined } = await inlineStylesheets(await readFile(file, "utf8"), read);
  const prefetched = islandFiles(scripts.manifest, scripts.islandsEntry, scripts.pageEntry);
  const page = addPrefetchList(
    inlineFirstPaintScript(lowerScriptPriority(html), scripts.firstPaint),
    prefetched,
  );
  await writeFile(file, page);
  const texts = await Promise.all(
    (await readdir(path.join(outDir, "assets")))
      .filter((name) => /\.(js|css|html)$/.test(name))
      .map((name) => read(`assets/${name}`)),
  );
  for (const href of inlined) {
    const name = path.basename(href);
    if (![page, ...texts].some((text) => text.includes(name))) await rm(path.join(outDir, href));
  }
  return { styleHashes: inlineStyleHashes(page), scriptHashes: inlineScriptHashes(page) };
}
