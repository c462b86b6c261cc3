// The islands' code: the build names its files on <html>, the islands' entry first
// (`data-islands`, scripts/optimize-page.ts). The loader imports the entry on intent and,
// before that, prefetches the files at idle priority without running them, so they land in the
// HTTP cache and the visitor's first touch costs no round trip. Browsers without prefetch
// (Safari) fetch on the touch instead.

export const ISLANDS_ATTRIBUTE = "data-islands";

/** The files named on <html>, the islands' entry first. */
export function islandFiles(doc: Document): string[] {
  const list = doc.documentElement.getAttribute(ISLANDS_ATTRIBUTE);
  return list ? list.split(" ") : [];
}

export const islandsEntry = (doc: Document): string | undefined => islandFiles(doc)[0];

/**
 * Prefetches files into the HTTP cache without running them (or, with `modulepreload`, fetches
 * and compiles modules for an import to come); each at most once.
 */
export function prefetch(doc: Document, files: readonly string[], rel = "prefetch"): void {
  for (const href of files) {
    if (doc.head.querySelector(`link[rel="${rel}"][href="${href}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = rel;
    // As a module script is fetched (CORS, same-origin credentials), so the cached copy is used;
    // the email client's requests are CORS requests without credentials too.
    link.crossOrigin = "anonymous";
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * Prefetches the islands' files when the browser is idle (or soon, where it cannot say), unless
 * `wanted` says by then that they are being loaded anyway.
 */
export function prefetchWhenIdle(doc: Document, wanted: () => boolean): void {
  const run = () => {
    if (wanted()) prefetch(doc, islandFiles(doc));
  };
  if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
