// The build names the islands' files on <html>, the entry first.

export const ISLANDS_ATTRIBUTE = "data-islands";

export function islandFiles(doc: Document): string[] {
  const list = doc.documentElement.getAttribute(ISLANDS_ATTRIBUTE);
  return list ? list.split(" ") : [];
}

export const islandsEntry = (doc: Document): string | undefined => islandFiles(doc)[0];

/** Fetches each file once without running it (`modulepreload` also compiles it). */
export function prefetch(doc: Document, files: readonly string[], rel = "prefetch"): void {
  for (const href of files) {
    if (doc.head.querySelector(`link[rel="${rel}"][href="${href}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = rel;
    // A prefetch or preconnect as a module script (or the email client's CORS request) is
    // fetched, so the copy or connection is used. A modulepreload needs no attribute to match an
    // import(); with `crossorigin` Firefox fires `error` on it for a module already imported.
    if (rel !== "modulepreload") link.crossOrigin = "anonymous";
    link.href = href;
    doc.head.append(link);
  }
}
