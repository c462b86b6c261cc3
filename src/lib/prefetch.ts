// The islands' code, fetched ahead at idle priority and never run: the build lists the files on
// the page's script tag (`data-prefetch`, scripts/optimize-page.ts), and they land in the HTTP
// cache, so the visitor's first touch costs no round trip. Browsers without prefetch (Safari)
// fetch on the touch instead.

export const PREFETCH_ATTRIBUTE = "data-prefetch";

/** The files named on the page's script tag. */
export function prefetchList(doc: Document): string[] {
  const list = doc.querySelector(`script[${PREFETCH_ATTRIBUTE}]`)?.getAttribute(PREFETCH_ATTRIBUTE);
  return list ? list.split(/\s+/).filter(Boolean) : [];
}

export function prefetch(doc: Document, hrefs: readonly string[]): void {
  for (const href of hrefs) {
    const link = doc.createElement("link");
    link.rel = "prefetch";
    // As a module script is fetched (CORS, same-origin credentials), so the cached copy is used.
    link.crossOrigin = "anonymous";
    link.as = "script";
    link.href = href;
    doc.head.append(link);
  }
}

/** Prefetches the listed files when the browser is idle (or soon, where it cannot say). */
export function prefetchWhenIdle(doc: Document): void {
  const hrefs = prefetchList(doc);
  if (hrefs.length === 0) return;
  const run = () => prefetch(doc, hrefs);
  if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
