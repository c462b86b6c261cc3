// The build's last pass over the prerendered page, for the first paint on a slow phone:
// - the stylesheet goes inline, so the page paints from its first round trip (one request
//   fewer on the critical path); the CSP allows exactly that block by its sha256 hash;
// - the loader is fetched at low priority: it only waits for `load`, so it may come last.
import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

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

/** The CSP sources (`'sha256-…'`) that allow exactly the page's inline `<style>` blocks. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = ""]) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`,
  );
}

/**
 * Applies the passes to outDir/index.html and removes stylesheets nothing references any more.
 * Returns the CSP sources for the page's inline styles.
 */
export async function optimizePage(outDir: string): Promise<string[]> {
  const file = path.join(outDir, "index.html");
  const read = (href: string) => readFile(path.join(outDir, href), "utf8");
  const { html, inlined } = await inlineStylesheets(await readFile(file, "utf8"), read);
  const page = lowerScriptPriority(html);
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
  return inlineStyleHashes(page);
}
