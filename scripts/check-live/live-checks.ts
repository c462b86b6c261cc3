// The live check's items, each checked on its own: one that fails or cannot be checked never
// stops the others. Each compares the deployed site with what the build writes, reusing the
// build's own sources (the headers, robots.txt, the sitemap, the placeholder and date rules).
import {
  contentSecurityPolicy,
  headerRules,
  headersForPath,
  IMMUTABLE_CACHE,
  securityHeaders,
} from "../../server/security-headers.ts";
import { OUTBOX_ORIGIN } from "../../src/registration/email-wire.ts";
import { resolveSiteUrl } from "../../src/lib/site-url.ts";
import { robotsTxt, sitemapXml } from "../deploy-files.ts";
import { nextClassWarnings } from "../site-build/build-checks.ts";
import { placeholderWarnings } from "../site-build/placeholder-checks.ts";
import { readBuildSettings, type BuildSettings } from "./build-settings.ts";
import { causeOfFetchError, CAUSE_WORDS, SITE_FIX } from "./network-failure.ts";
import { readPageFacts, type PageFacts } from "./page-facts.ts";

/** One line of the checklist; a ✗ always says what to do. */
export type CheckItem =
  | { ok: true; title: string; detail: string }
  | { ok: false; title: string; detail: string; fix: string };

/** The part of `fetch` the check uses, so tests can answer for a site. */
export type Fetcher = (url: string, init?: { redirect: "manual" }) => Promise<Response>;

type Page = { url: string; response: Response; html: string; facts: PageFacts };

/** A file the page loads, as the host answered it, or why it did not. */
type FileAnswer = { path: string; response: Response } | { path: string; failed: string };

/** The only item when the page itself cannot be read: every other item would only repeat it. */
export const SITE_TITLE = "Site";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const REBUILD = "then rebuild and redeploy (settings are baked in at build time)";
const HEADERS_FIX =
  "deploy all of dist/ with the headers file the build writes (_headers for Netlify and Cloudflare Pages, vercel.json for Vercel; on CloudFront, a response headers policy with the same values)";
const DEPLOY_ALL = "deploy all of dist/, its assets/ folder included, as the build wrote it";

/** What a visitor loses without each header. */
const HEADER_PURPOSE: Record<string, string> = {
  "Content-Security-Policy": "a script injected into the page may run, and send anywhere",
  "Referrer-Policy": "other sites may be sent the page's full address",
  "X-Content-Type-Options": "browsers may guess a file's type and run it as a script",
  "Permissions-Policy": "the camera, microphone and other features the page never uses stay open",
  "Strict-Transport-Security": "browsers may load the site over plain http",
  "Cross-Origin-Opener-Policy": "pages the site opens keep a handle on its window",
  "X-Frame-Options": "older browsers let other sites frame the page (clickjacking)",
};

const ok = (title: string, detail: string): CheckItem => ({ ok: true, title, detail });
const fail = (title: string, detail: string, fix: string): CheckItem => ({
  ok: false,
  title,
  detail,
  fix,
});

/** Runs `check`; a throw (no answer, a bad page) is that item's ✗, never the whole run's. */
async function settle(
  title: string,
  check: () => Promise<CheckItem> | CheckItem,
): Promise<CheckItem> {
  try {
    return await check();
  } catch (error) {
    return fail(
      title,
      `could not be checked: ${(error as Error).message}`,
      "make sure the address is right and the site is up, then run the check again",
    );
  }
}

async function checkHttps(fetcher: Fetcher, url: URL): Promise<CheckItem> {
  const title = "HTTPS";
  if (url.protocol === "https:") {
    const plain = `http://${url.host}/`;
    const fix =
      "switch on the host's redirect from HTTP to HTTPS (on CloudFront: Viewer protocol policy, Redirect HTTP to HTTPS)";
    try {
      const response = await fetcher(plain, { redirect: "manual" });
      void response.body?.cancel().catch(() => undefined);
      const location =
        response.status >= 300 && response.status < 400 ? response.headers.get("Location") : null;
      if (!location?.startsWith(`https://${url.host}/`)) {
        return fail(
          title,
          `${plain} answers ${response.status}${location ? ` and sends to ${location}` : ""}, not a redirect to ${url.origin}`,
          fix,
        );
      }
    } catch (error) {
      const { cause } = causeOfFetchError(error);
      return fail(
        title,
        `${plain} gives no answer (${CAUSE_WORDS[cause]}): typed without https://, the address fails`,
        fix,
      );
    }
    return ok(title, `the site is served over HTTPS, and ${plain} redirects to it`);
  }
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) {
    return ok(title, "plain http, allowed for a local rehearsal on this computer only");
  }
  return fail(
    title,
    `${url.origin} is not HTTPS: browsers mark the page "Not secure" and ignore its HSTS header`,
    "check the address starts with https://; every host named in the deploy guide serves HTTPS by default",
  );
}

/** The headers the build writes for this page (all but the CSP, which has an item of its own). */
function checkSecurityHeaders(page: Page): CheckItem {
  const title = "Security headers";
  const expected = Object.entries(securityHeaders({ emailOrigin: OUTBOX_ORIGIN }));
  const served = (name: string) => page.response.headers.get(name);
  const missing = (name: string) => `${name} is missing: ${HEADER_PURPOSE[name] ?? ""}`;
  if (expected.every(([name]) => served(name) === null)) {
    return fail(
      title,
      [
        "none of the build's headers is served: the headers file was left out, or this host cannot send headers (GitHub Pages, a bare S3 bucket and a plain file server cannot)",
        ...expected.map(([name]) => missing(name)),
      ].join("\n"),
      "host where headers can be set: Netlify or Cloudflare Pages (they read _headers), Vercel (vercel.json), or S3 behind CloudFront with a response headers policy; see docs/deploy.md",
    );
  }
  const problems = expected
    .filter(([name]) => name !== "Content-Security-Policy")
    .flatMap(([name, value]) => {
      if (served(name) === null) return [missing(name)];
      return served(name) === value
        ? []
        : [`${name} is "${served(name)}", the build writes "${value}"`];
    });
  if (problems.length === 0) return ok(title, "every header the build writes is served");
  return fail(title, problems.join("\n"), HEADERS_FIX);
}

const directives = (policy: string) =>
  new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...sources]) => [name.toLowerCase(), sources.join(" ")]),
  );

function checkCsp(page: Page): CheckItem {
  const title = "Content Security Policy";
  const { facts } = page;
  const emailOrigin = facts.emailOrigin ?? OUTBOX_ORIGIN;
  const expected = directives(
    contentSecurityPolicy({
      emailOrigin,
      styleHashes: facts.styleHashes,
      scriptHashes: facts.scriptHashes,
      recaptcha: facts.recaptcha,
    }),
  );
  const served = page.response.headers.get("Content-Security-Policy");
  if (served === null) return fail(title, "Content-Security-Policy is missing", HEADERS_FIX);
  const live = directives(served);
  const problems: string[] = [];
  const connect = live.get("connect-src") ?? "";
  if (facts.emailOrigin && !connect.split(" ").includes(facts.emailOrigin)) {
    problems.push(
      `connect-src does not allow the email service (${facts.emailOrigin}): browsers block every registration`,
    );
  }
  if (facts.recaptcha && !(live.get("script-src") ?? "").includes("https://www.google.com/")) {
    problems.push("script-src does not allow Google's reCAPTCHA: the form cannot get a token");
  }
  for (const [name, sources] of expected) {
    if (live.get(name) !== sources && !(name === "connect-src" && problems.length > 0)) {
      problems.push(`${name} is "${live.get(name) ?? "(missing)"}", the build writes "${sources}"`);
    }
  }
  for (const name of live.keys()) {
    if (!expected.has(name)) problems.push(`${name} is not in the build's policy`);
  }
  if (problems.length > 0) return fail(title, problems.join("; "), HEADERS_FIX);
  const google = facts.recaptcha ? ", and Google's reCAPTCHA" : "";
  return ok(title, `as the build writes it: the email service (${emailOrigin})${google} allowed`);
}

/** The build's email settings, read off the live sender script. */
async function readSettings(fetcher: Fetcher, page: Page): Promise<BuildSettings> {
  const script = page.facts.senderScript;
  if (!script) throw new Error("the page names no registration script");
  const url = new URL(script, page.url).href;
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`its registration script ${url} answers ${response.status}`);
  const settings = readBuildSettings(await response.text());
  if (!settings) throw new Error(`its registration script ${url} holds no email settings`);
  return settings;
}

function checkProductionBuild(page: Page, settings: BuildSettings | Error): CheckItem {
  const title = "Built for production";
  const { emailOrigin, recaptcha, placeholders } = page.facts;
  if (!emailOrigin) {
    return fail(
      title,
      "the page is an outbox build (no EmailJS keys): on a host, every registration fails",
      `set VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_SERVICE_ID and VITE_EMAILJS_TEMPLATE_ID in the host's settings, ${REBUILD}`,
    );
  }
  if (settings instanceof Error) {
    return fail(
      title,
      `the build's email settings cannot be read: ${settings.message}`,
      DEPLOY_ALL,
    );
  }
  const admin =
    settings.adminEmail ??
    `${placeholders.contactEmail} (the contact email: VITE_ADMIN_EMAIL is unset)`;
  return ok(
    title,
    [
      `registrations go to EmailJS at ${settings.origin}`,
      `service ID ${settings.serviceId}, template ID ${settings.templateId}, public key ${settings.publicKey}`,
      `admin emails to ${admin}`,
      `reCAPTCHA ${recaptcha ? "on" : "off"}`,
      "if any of these is not yours, fix it in the host's settings and rebuild",
    ].join("\n"),
  );
}

function checkSiteAddress(page: Page, checked: string): CheckItem {
  const title = "Site address";
  const { canonical, ogUrl } = page.facts;
  const declared = [
    ["canonical link", canonical],
    ["og:url", ogUrl],
  ] as const;
  const wrong = declared.filter(([, value]) => !value || resolveSiteUrl(value, value) !== checked);
  if (wrong.length === 0) return ok(title, `the page declares ${checked}, the address checked`);
  return fail(
    title,
    wrong.map(([name, value]) => `the ${name} is ${value ?? "missing"}`).join("; ") +
      ` (checked: ${checked})`,
    `set VITE_SITE_URL=${checked} in the host's settings, ${REBUILD}; or check the address you typed`,
  );
}

function checkPlaceholders(page: Page, settings: BuildSettings | undefined): CheckItem {
  const title = "No placeholder content";
  const { placeholders } = page.facts;
  const adminEmail = settings && (settings.adminEmail ?? placeholders.contactEmail);
  const found = placeholderWarnings({ ...placeholders, ...(adminEmail ? { adminEmail } : {}) });
  if (found.length === 0) return ok(title, "no sample address, link or phone number left");
  return fail(title, found.join("\n"), `edit src/content/ as each line says, ${REBUILD}`);
}

function courseOf(page: Page): Record<string, unknown> | undefined {
  const { jsonLd } = page.facts;
  return jsonLd.ok ? jsonLd.graph.find((node) => node["@type"] === "Course") : undefined;
}

function checkNextClass(page: Page, today: string): CheckItem {
  const title = "Next class in the future";
  const instance = courseOf(page)?.hasCourseInstance as { startDate?: string } | undefined;
  const start = instance?.startDate;
  const fix = `edit nextClassStart in src/content/program.ts, ${REBUILD}`;
  if (!start) return fail(title, "the page's JSON-LD gives no next class start", fix);
  const disagree = page.facts.shownDates.filter((date) => date !== start);
  if (disagree.length > 0) {
    return fail(title, `the page shows ${disagree[0]} but its JSON-LD says ${start}`, fix);
  }
  const problems = nextClassWarnings(start, today);
  if (problems.length > 0) return fail(title, `${problems.join(" ")} (today is ${today})`, fix);
  return ok(title, `the next class starts ${start}`);
}

function checkJsonLd(page: Page, checked: string): CheckItem {
  const title = "JSON-LD (search data)";
  const { jsonLd, ogImage, text } = page.facts;
  const fix = `it is built from src/content/ and VITE_SITE_URL: set VITE_SITE_URL=${checked}, ${REBUILD}`;
  if (!jsonLd.ok) return fail(title, jsonLd.problem, fix);
  const course = courseOf(page);
  const organization = jsonLd.graph.find((node) => node["@type"] === "EducationalOrganization");
  if (!course || !organization) return fail(title, "no Course or organization in it", fix);
  const problems: string[] = [];
  for (const [name, value] of [
    ["the organization's url", organization.url],
    ["the course's url", course.url],
  ] as const) {
    if (value !== checked) problems.push(`${name} is ${String(value)}`);
  }
  if (course.image !== ogImage) {
    problems.push(`the course's image ${String(course.image)} is not the share image ${ogImage}`);
  }
  const offers = course.offers as { priceSpecification?: { price?: number }[] } | undefined;
  const price = offers?.priceSpecification?.[0]?.price;
  if (price === undefined || !text.includes(`$${price}`)) {
    problems.push(`its price ${String(price)} is not the one the page shows`);
  }
  if (problems.length > 0) return fail(title, problems.join("; "), fix);
  return ok(title, "readable, and agrees with the page (address, share image, price, date)");
}

async function checkFile(
  fetcher: Fetcher,
  title: string,
  url: string,
  expected: string,
): Promise<CheckItem> {
  const response = await fetcher(url);
  const fix = `deploy all of dist/ (it holds ${new URL(url).pathname.slice(1)}), built with VITE_SITE_URL set to this address`;
  if (!response.ok) return fail(title, `${url} answers ${response.status}`, fix);
  const body = await response.text();
  if (body.trim() !== expected.trim()) {
    return fail(title, `${url} does not name ${new URL(".", url).href} as the site`, fix);
  }
  return ok(title, `${url} is there and names this site`);
}

async function checkShareImage(fetcher: Fetcher, page: Page, checked: string): Promise<CheckItem> {
  const title = "Share image";
  const { ogImage } = page.facts;
  const fix = `deploy all of dist/ (it holds share-image.png), built with VITE_SITE_URL=${checked}`;
  if (!ogImage) return fail(title, "the page names no og:image", fix);
  if (!ogImage.startsWith(checked)) {
    return fail(title, `og:image ${ogImage} is not on this site`, fix);
  }
  const response = await fetcher(ogImage);
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || !type.startsWith("image/")) {
    return fail(title, `${ogImage} answers ${response.status} ${type}`.trim(), fix);
  }
  return ok(title, `${ogImage} is there (${type})`);
}

/** The content type each kind of file must be served with (a missing file is often HTML). */
const FILE_TYPES: Record<string, RegExp> = {
  js: /^(text|application)\/javascript\b/,
  mjs: /^(text|application)\/javascript\b/,
  css: /^text\/css\b/,
  svg: /^image\/svg\+xml\b/,
  png: /^image\/png\b/,
  jpg: /^image\/jpeg\b/,
  jpeg: /^image\/jpeg\b/,
  webp: /^image\/webp\b/,
  avif: /^image\/avif\b/,
  ico: /^image\/(x-icon|vnd\.microsoft\.icon)\b/,
  woff2: /^font\/woff2\b/,
  webmanifest: /^application\/(manifest\+)?json\b/,
};

function fetchFiles(fetcher: Fetcher, page: Page): Promise<FileAnswer[]> {
  return Promise.all(
    page.facts.files.map(async (file): Promise<FileAnswer> => {
      const url = new URL(file, page.url);
      try {
        const response = await fetcher(url.href);
        void response.body?.cancel().catch(() => undefined);
        return { path: url.pathname, response };
      } catch (error) {
        return { path: url.pathname, failed: CAUSE_WORDS[causeOfFetchError(error).cause] };
      }
    }),
  );
}

/** At most `shown` lines, then how many more. */
const someLines = (lines: string[], shown = 8) =>
  [
    ...lines.slice(0, shown),
    ...(lines.length > shown ? [`and ${lines.length - shown} more`] : []),
  ].join("\n");

function checkFiles(files: FileAnswer[]): CheckItem {
  const title = "Files the page loads";
  const problems = files.flatMap((file) => {
    if ("failed" in file) return [`${file.path}: no answer (${file.failed})`];
    const { status, headers } = file.response;
    if (status !== 200) return [`${file.path} answers ${status}`];
    const type = headers.get("Content-Type") ?? "";
    const expected = FILE_TYPES[file.path.split(".").pop() ?? ""];
    const right = expected ? expected.test(type) : !type.startsWith("text/html");
    return right ? [] : [`${file.path} is served as "${type || "no type"}"`];
  });
  if (problems.length === 0) {
    return ok(
      title,
      `all ${files.length} (scripts, styles, images, icons) answer 200 with their type`,
    );
  }
  return fail(
    title,
    `${problems.length} of ${files.length} fail:\n${someLines(problems)}`,
    DEPLOY_ALL,
  );
}

function checkCaching(page: Page, files: FileAnswer[]): CheckItem {
  const title = "Caching";
  const rules = headerRules({ emailOrigin: OUTBOX_ORIGIN });
  const problems: string[] = [];
  const pageCache = page.response.headers.get("Cache-Control") ?? "";
  if (/immutable/.test(pageCache) || !/no-cache|no-store|max-age=0\b/.test(pageCache)) {
    problems.push(
      `the page is served with Cache-Control "${pageCache || "(none)"}": browsers may show an old page, with old file names, after a deploy`,
    );
  }
  for (const file of files) {
    if ("failed" in file || file.response.status !== 200) continue;
    if (headersForPath(rules, file.path)["Cache-Control"] !== IMMUTABLE_CACHE) continue;
    const served = file.response.headers.get("Cache-Control") ?? "";
    if (!/immutable/.test(served)) {
      problems.push(
        `${file.path} is served with Cache-Control "${served || "(none)"}", not immutable`,
      );
    }
  }
  if (problems.length > 0) return fail(title, someLines(problems), HEADERS_FIX);
  return ok(
    title,
    "the page is revalidated on every visit; its hashed files are cached as immutable",
  );
}

function checkFileHeaders(files: FileAnswer[]): CheckItem {
  const title = "Security headers on files";
  // A file that is missing is the files item's ✗; the headers are checked on those served.
  const answered = files.flatMap((file) =>
    "failed" in file || file.response.status !== 200 ? [] : [file],
  );
  const problems = Object.keys(securityHeaders({ emailOrigin: OUTBOX_ORIGIN })).flatMap((name) => {
    const without = answered.filter((file) => !file.response.headers.has(name));
    if (without.length === 0) return [];
    const some = without
      .slice(0, 3)
      .map((file) => file.path)
      .join(", ");
    return [
      `${name} is missing on ${without.length} of ${answered.length} files (${some}${without.length > 3 ? ", …" : ""})`,
    ];
  });
  if (problems.length > 0) return fail(title, problems.join("\n"), HEADERS_FIX);
  return ok(title, `every header the build writes is on all ${answered.length} files too`);
}

async function loadPage(fetcher: Fetcher, url: string): Promise<Page> {
  const response = await fetcher(url);
  const html = await response.text();
  return { url, response, html, facts: readPageFacts(html) };
}

/** The one item for a page that cannot be read: no answer at all, or no page. */
function siteUnreadable(checked: string, error: unknown, status?: number): CheckItem {
  if (status !== undefined) {
    return fail(
      SITE_TITLE,
      `${checked} answers ${status}, not the page`,
      `check the address you typed; ${DEPLOY_ALL}, index.html at its root`,
    );
  }
  const { cause, code } = causeOfFetchError(error);
  return fail(
    SITE_TITLE,
    `nothing answers at ${checked}: ${CAUSE_WORDS[cause]} (${code})`,
    SITE_FIX[cause],
  );
}

/** The UTC date, YYYY-MM-DD, as the build's own date check uses it. */
export const isoToday = () => new Date().toISOString().slice(0, 10);

/** Every item of the checklist for the site at `address`. */
export async function runLiveChecks(
  address: string,
  fetcher: Fetcher = (url, init) =>
    fetch(url, { redirect: init?.redirect ?? "follow", signal: AbortSignal.timeout(20_000) }),
  today = isoToday(),
): Promise<CheckItem[]> {
  const checked = resolveSiteUrl(address, address);
  let page: Page;
  try {
    page = await loadPage(fetcher, checked);
  } catch (error) {
    return [siteUnreadable(checked, error)];
  }
  if (!page.response.ok) return [siteUnreadable(checked, undefined, page.response.status)];
  const files = fetchFiles(fetcher, page);
  const settings = readSettings(fetcher, page);
  // Read by two items; its failure is the first one's ✗, never an unhandled rejection.
  settings.catch(() => undefined);
  const onFiles = (title: string, check: (answers: FileAnswer[]) => CheckItem) =>
    settle(title, async () => check(await files));
  return Promise.all([
    settle("HTTPS", () => checkHttps(fetcher, new URL(checked))),
    settle("Security headers", () => checkSecurityHeaders(page)),
    settle("Content Security Policy", () => checkCsp(page)),
    settle("Built for production", async () =>
      checkProductionBuild(page, await settings.catch((error: Error) => error)),
    ),
    settle("Site address", () => checkSiteAddress(page, checked)),
    settle("No placeholder content", async () =>
      checkPlaceholders(page, await settings.catch(() => undefined)),
    ),
    settle("Next class in the future", () => checkNextClass(page, today)),
    settle("sitemap.xml", () =>
      checkFile(fetcher, "sitemap.xml", new URL("sitemap.xml", checked).href, sitemapXml(checked)),
    ),
    settle("robots.txt", () =>
      checkFile(fetcher, "robots.txt", new URL("robots.txt", checked).href, robotsTxt(checked)),
    ),
    settle("Share image", () => checkShareImage(fetcher, page, checked)),
    settle("JSON-LD (search data)", () => checkJsonLd(page, checked)),
    onFiles("Files the page loads", checkFiles),
    onFiles("Caching", (answers) => checkCaching(page, answers)),
    onFiles("Security headers on files", checkFileHeaders),
  ]);
}
