// The public address of the site, for the canonical URL, share tags, structured data, robots.txt
// and the sitemap. One rule for the page (import.meta.env) and the build scripts (loadEnv).

/**
 * The site's base URL with a trailing slash: `configured` (VITE_SITE_URL) when set, else
 * `fallback` (site.url). Throws on a value that is not an absolute http(s) URL, so a typo fails
 * the build instead of shipping broken share links.
 */
export function resolveSiteUrl(configured: string | undefined, fallback: string): string {
  const value = configured?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_SITE_URL must be an absolute URL, got "${value}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`VITE_SITE_URL must be an http(s) URL, got "${value}"`);
  }
  url.search = "";
  url.hash = "";
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url.href;
}

/** `path` (e.g. "share-image.png" or "#registration") resolved against the base URL. */
export function absoluteUrl(baseUrl: string, path = ""): string {
  return new URL(path.replace(/^\//, ""), baseUrl).href;
}
