// The one source of truth for the site's response headers: the Content Security Policy, the other
// security headers and the cache rules. `npm start` serves them (server/app.ts) and the build
// writes them for static hosts (_headers, vercel.json; scripts/deploy-files.ts).
// Why each directive is what it is: docs/decisions/0005-security-headers.md.

/** The only origin allowed to be framed: the click-to-load video player. */
export const VIDEO_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * What Google's reCAPTCHA v2 loads, as its FAQ lists it for a CSP: api.js from www.google.com,
 * the widget's code from www.gstatic.com, and its frames (the invisible widget, the challenge)
 * from www.google.com or recaptcha.google.com. The frames' own requests are theirs, not the page's.
 */
export const RECAPTCHA_SCRIPT_SOURCES = [
  "https://www.google.com/recaptcha/",
  "https://www.gstatic.com/recaptcha/",
] as const;
export const RECAPTCHA_FRAME_SOURCES = [
  "https://www.google.com/recaptcha/",
  "https://recaptcha.google.com/recaptcha/",
] as const;

export type SecurityOptions = {
  /** Where the browser sends registrations: an absolute URL (EmailJS) or a path (the outbox). */
  emailOrigin: string;
  /** `'sha256-…'` sources of the page's inline stylesheet, computed by the build. */
  styleHashes?: readonly string[];
  /** `'sha256-…'` sources of the page's inline first-paint script, computed by the build. */
  scriptHashes?: readonly string[];
  /** The build has a reCAPTCHA site key: Google's script and frames are allowed, nothing more. */
  recaptcha?: boolean;
};

/** The origin of `emailOrigin` when it lives on another host; null when it is same-origin. */
export function crossOriginOf(emailOrigin: string): string | null {
  if (!/^https?:\/\//i.test(emailOrigin)) return null;
  return new URL(emailOrigin).origin;
}

export function contentSecurityPolicy({
  emailOrigin,
  styleHashes = [],
  scriptHashes = [],
  recaptcha = false,
}: SecurityOptions): string {
  const emailHost = crossOriginOf(emailOrigin);
  const google = (sources: readonly string[]) => (recaptcha ? sources : []);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Only our own files (the loader and its chunks) and, by its hash, the first-paint script
    // the build inlines. JSON-LD is a data block, never executed.
    "script-src": ["'self'", ...scriptHashes, ...google(RECAPTCHA_SCRIPT_SOURCES)],
    // The build inlines the stylesheet (first paint in one round trip) and allows exactly that
    // text by its hash; the HTML has no style attributes. Styles set at run time through the
    // CSSOM (React style props, Radix Toast) are not inline styles in CSP's sense.
    "style-src": ["'self'", ...styleHashes],
    "img-src": ["'self'"],
    // The page is set in the platform's own font and downloads none.
    "font-src": ["'none'"],
    "connect-src": ["'self'", ...(emailHost ? [emailHost] : [])],
    "frame-src": [VIDEO_EMBED_ORIGIN, ...google(RECAPTCHA_FRAME_SOURCES)],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

// Features the page never uses are switched off; the video player keeps what it asks for.
const embed = `(self "${VIDEO_EMBED_ORIGIN}")`;
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
  `autoplay=${embed}`,
  `encrypted-media=${embed}`,
  `fullscreen=${embed}`,
  `picture-in-picture=${embed}`,
].join(", ");

/** The headers every response of the site carries. */
export function securityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    // The origin only, and only over HTTPS. YouTube's player needs the referrer to play.
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // Two years; browsers ignore it over plain HTTP, so local http://localhost is unaffected.
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    "Cross-Origin-Opener-Policy": "same-origin",
    // For browsers without frame-ancestors.
    "X-Frame-Options": "DENY",
  };
}

/** Hashed build assets never change under their name; everything else is revalidated. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const REVALIDATE_CACHE = "no-cache";

/**
 * Headers by path, in the shape of Netlify's and Cloudflare's `_headers` (`*` matches the rest of
 * the path). The rules never set the same header twice for one path: those hosts would join the
 * two values with a comma.
 */
export type HeaderRule = { path: string; headers: Record<string, string> };

export function headerRules(options: SecurityOptions): HeaderRule[] {
  return [
    { path: "/*", headers: securityHeaders(options) },
    { path: "/assets/*", headers: { "Cache-Control": IMMUTABLE_CACHE } },
    { path: "/", headers: { "Cache-Control": REVALIDATE_CACHE } },
    { path: "/index.html", headers: { "Cache-Control": REVALIDATE_CACHE } },
  ];
}

export function pathMatches(pattern: string, pathname: string): boolean {
  return pattern.endsWith("*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/** Every header the rules give `pathname`, in rule order. */
export function headersForPath(rules: readonly HeaderRule[], pathname: string) {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (pathMatches(rule.path, pathname)) Object.assign(headers, rule.headers);
  }
  return headers;
}
