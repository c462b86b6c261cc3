// The build's last pass over the prerendered page, for the first paint on a slow phone:
// - the stylesheet goes inline, so the page paints from its first round trip (one request
//   fewer on the critical path); the CSP allows exactly that block by its sha256 hash. What only
//   the page below its first screen uses goes to a file linked where that screen ends
//   (split-stylesheet.ts), so the page stays within TCP's first window;
// - the first-paint script goes inline into <head> (src/first-paint.ts), allowed by its hash;
// - the loader's module script leaves the page: <html> names it, and the islands' files (their
//   entry first, which it imports on intent and prefetches at idle before that), and the
//   first-paint script requests it at `load` or at the first intent (src/lib/start-loader.ts).
import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Manifest } from "vite";
import { ISLANDS_ATTRIBUTE } from "../src/lib/prefetch.ts";
import { LOADER_ATTRIBUTE } from "../src/lib/start-loader.ts";
import { EMAIL_ORIGIN_ATTRIBUTE, SENDER_ATTRIBUTE } from "../src/lib/warm-sender.ts";
import { escapeHtml } from "../src/lib/escape-html.ts";
import { FIRST_PAINT_PLACEHOLDER } from "./first-paint-script.ts";
import { splitStylesheet } from "./split-stylesheet.ts";

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

/**
 * The bands of <main> a visitor sees before scrolling, at 375 px and at 1280 px: the hero and
 * the top of the band after it.
 */
const FIRST_SCREEN_BANDS = 2;

/**
 * Links the styles only the page below its first screen uses (and its scripts render) as a
 * file, where the first screen ends: a browser paints what is above the link from the
 * inline stylesheet while it fetches the file, and, in Chromium and WebKit, nothing below it
 * until the file is there, so nothing shows unstyled or moves. It works without JavaScript.
 */
export function deferBelowFirstScreen(html: string): {
  html: string;
  file?: { name: string; css: string };
} {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html);
  const main = html.indexOf("<main");
  let end = main;
  for (let band = 0; band <= FIRST_SCREEN_BANDS && end >= 0; band++) {
    end = html.indexOf("<section", end + 1);
  }
  if (!style?.[1] || main < 0 || end < 0) return { html };
  const { critical, deferred } = splitStylesheet(style[1], html.slice(0, end));
  const hash = createHash("sha256").update(deferred).digest("base64url").slice(0, 8);
  const name = `assets/below-first-screen-${hash}.css`;
  return {
    html: `${html.slice(0, end)}<link rel="stylesheet" href="/${name}">${html.slice(end)}`.replace(
      style[0],
      () => `<style>${critical}</style>`,
    ),
    file: { name, css: deferred },
  };
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
 * The islands' files, from Vite's manifest, as absolute paths: their entry's own chunk first,
 * then everything it imports. The page's entry (the loader) must import nothing: it is the only
 * script a visitor who only reads the page runs, and a chunk it shared with the islands would
 * be a second one. Nothing but the loader may import the islands' entry.
 */
export function islandFiles(manifest: Manifest, entry: string, pageEntry: string): string[] {
  const page = manifest[pageEntry];
  if (!page) throw new Error(`The manifest has no ${pageEntry}`);
  if (page.imports?.length) {
    throw new Error(
      `The loader imports ${page.imports.join(", ")}: it must share no module with the islands`,
    );
  }
  // The loader tries a failed import again under a new URL of the entry (src/islands-entry.ts):
  // a chunk that imported the entry too would then load a second copy of the islands.
  const importers = Object.keys(manifest).filter((key) =>
    [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])].includes(entry),
  );
  if (importers.length) {
    throw new Error(`${importers.join(", ")} import ${entry}: only the loader may import it`);
  }
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(entry);
  if (files.size === 0) throw new Error(`The manifest has no ${entry}`);
  return [...files].map((file) => `/${file}`);
}

/**
 * The sender's files, it first, then what it imports. None may be the islands' code (React):
 * Register Now pressed before that code ran is sent with these files alone (src/loader.ts).
 */
export function senderFiles(manifest: Manifest, entry: string, islandsCode: string) {
  if (!manifest[entry]?.isEntry) throw new Error(`The manifest has no entry ${entry}`);
  const files: string[] = [];
  const walk = (key: string) => {
    if (key === islandsCode) {
      throw new Error(`${entry} imports ${islandsCode}: the sender must not wait for React`);
    }
    const file = manifest[key]?.file;
    if (!file || files.includes(`/${file}`)) return;
    files.push(`/${file}`);
    for (const imported of manifest[key]?.imports ?? []) walk(imported);
  };
  walk(entry);
  return files;
}

/**
 * Takes the loader's module script out of the page and names it, and the islands' files, on
 * <html>: a tag would have the browser request it while the page is painted.
 */
export function handOverLoader(
  html: string,
  islands: readonly string[],
  registration: { sender: readonly string[]; emailOrigin: string | null },
): string {
  const tags = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g)];
  const [tag, src] = tags[0] ?? [];
  if (tags.length !== 1 || !tag || !src) {
    throw new Error(`The page must name one module script (the loader), not ${tags.length}`);
  }
  if (!/<html\b/.test(html)) throw new Error("The page has no <html> to name the loader on");
  const { sender, emailOrigin } = registration;
  const attributes = [
    `${LOADER_ATTRIBUTE}="${src}"`,
    `${ISLANDS_ATTRIBUTE}="${islands.join(" ")}"`,
    ...(sender.length ? [`${SENDER_ATTRIBUTE}="${sender.join(" ")}"`] : []),
    ...(emailOrigin ? [`${EMAIL_ORIGIN_ATTRIBUTE}="${escapeHtml(emailOrigin)}"`] : []),
  ];
  return html.replace(tag, "").replace(/<html\b/, () => `<html ${attributes.join(" ")}`);
}

export type PageScripts = {
  /** The minified first-paint script. */
  firstPaint: string;
  /** Vite's manifest of the client build, and the keys of the islands' entry and the page's. */
  manifest: Manifest;
  islandsEntry: string;
  /** The islands' code (React and the components), which the sender must not import. */
  islandsCode: string;
  pageEntry: string;
  /** The registration's sender, an entry of its own, fetched at the first touch of the form. */
  senderEntry: string;
  /** The email service's origin when it is another than the page's, else null. */
  emailOrigin: string | null;
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
  const islands = islandFiles(scripts.manifest, scripts.islandsEntry, scripts.pageEntry);
  const sender = senderFiles(scripts.manifest, scripts.senderEntry, scripts.islandsCode);
  const { html: page, file: belowFirstScreen } = deferBelowFirstScreen(
    handOverLoader(inlineFirstPaintScript(html, scripts.firstPaint), islands, {
      sender,
      emailOrigin: scripts.emailOrigin,
    }),
  );
  if (belowFirstScreen) {
    await writeFile(path.join(outDir, belowFirstScreen.name), belowFirstScreen.css);
  }
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
