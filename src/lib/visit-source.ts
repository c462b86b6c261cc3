// Where a visit came from: the landing URL's UTM parameters and the referring site's host, kept
// for the tab's session (sessionStorage: no cookie, sent nowhere but in the admin email).
// Everything here is untrusted text: cleaned of control characters, capped, never interpreted.

export const UTM_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;

export type VisitSource = Partial<Record<(typeof UTM_PARAMETERS)[number] | "referrer", string>>;

export const VISIT_SOURCE_KEY = "visit-source";

/** Enough for any real campaign name; a URL crafted to stuff the admin email gets cut. */
export const SOURCE_VALUE_MAX = 100;

/**
 * One line of plain text: control characters and line breaks (which could fake extra lines in
 * the email) and bidirectional overrides (which could make the text read backwards) become
 * spaces; at most SOURCE_VALUE_MAX characters, never splitting an emoji's surrogate pair.
 */
export function cleanSourceValue(value: string): string {
  const text = value
    .replace(/[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(text);
  return chars.length > SOURCE_VALUE_MAX ? `${chars.slice(0, SOURCE_VALUE_MAX).join("")}…` : text;
}

export function parseVisitSource(url: string, referrer: string): VisitSource {
  const source: VisitSource = {};
  const landing = new URL(url);
  for (const name of UTM_PARAMETERS) {
    const value = cleanSourceValue(landing.searchParams.get(name) ?? "");
    if (value) source[name] = value;
  }
  try {
    const host = new URL(referrer).host;
    // The site's own pages are not a source; another site is, by its host alone.
    if (host && host !== landing.host) source.referrer = cleanSourceValue(host);
  } catch {
    // No referrer (typed address, bookmark, a strict Referrer-Policy): a direct visit.
  }
  return source;
}

/** Any storage failure (disabled storage, private mode, quota) only loses the source. */
function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

type Landing = { href: string; referrer: string };

/**
 * In the first-paint script, so it stays a few bytes: the landing is kept raw, parsed and cleaned
 * only when read. A reload or a visit without a UTM value or a referrer keeps the tab's landing.
 */
export function captureVisitSource(
  href = location.href,
  referrer = document.referrer,
  storage?: Storage,
): void {
  try {
    // A referrer is a whole address (at least an origin and "/"); none is "".
    const fromElsewhere = referrer !== "" && !referrer.startsWith(`${new URL(href).origin}/`);
    // `includes` first: most visits carry no campaign, and need not compile the pattern.
    if (fromElsewhere || (href.includes("utm_") && /[?&]utm_\w+=[^&#]/.test(href))) {
      (storage ?? sessionStorage).setItem(
        VISIT_SOURCE_KEY,
        JSON.stringify({ href, referrer } satisfies Landing),
      );
    }
  } catch {
    // See sessionStore.
  }
}

/** Parsed and cleaned now: storage is the visitor's to edit. */
export function readVisitSource(storage = sessionStore()): VisitSource {
  try {
    const { href, referrer } = JSON.parse(storage?.getItem(VISIT_SOURCE_KEY) ?? "{}") as Landing;
    return typeof href === "string" && typeof referrer === "string"
      ? parseVisitSource(href, referrer)
      : {};
  } catch {
    return {};
  }
}

/** Once a registration is delivered the tab keeps nothing about the visit. */
export function forgetVisitSource(storage = sessionStore()): void {
  try {
    storage?.removeItem(VISIT_SOURCE_KEY);
  } catch {
    // See sessionStore.
  }
}
