/**
 * The base URL with a trailing slash, for the page and the build scripts alike. Throws on anything
 * but an absolute http(s) URL, so a typo fails the build instead of shipping broken share links.
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

export function absoluteUrl(baseUrl: string, path = ""): string {
  return new URL(path.replace(/^\//, ""), baseUrl).href;
}
