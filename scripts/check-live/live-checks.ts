// The live check's items, each checked on its own: one that fails or cannot be checked never
// stops the others. Each compares the deployed site with what the build writes, reusing the
// build's own sources (the headers, robots.txt, the sitemap, the placeholder and date rules).
import { contentSecurityPolicy, securityHeaders } from "../../server/security-headers.ts";
import { OUTBOX_ORIGIN } from "../../src/registration/email-wire.ts";
import { resolveSiteUrl } from "../../src/lib/site-url.ts";
import { robotsTxt, sitemapXml } from "../deploy-files.ts";
import { nextClassWarnings } from "../site-build/build-checks.ts";
import { placeholderWarnings } from "../site-build/placeholder-checks.ts";
import { readPageFacts, type PageFacts } from "./page-facts.ts";

export type CheckItem = { ok: boolean; title: string; detail: string; fix?: string };

/** The part of `fetch` the check uses, so tests can answer for a site. */
export type Fetcher = (url: string) => Promise<Response>;

type Page = { url: string; response: Response; html: string; facts: PageFacts };

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const REBUILD = "then rebuild and redeploy (settings are baked in at build time)";
const HEADERS_FIX =
  "deploy all of dist/ with the headers file the build writes (_headers for Netlify and Cloudflare Pages, vercel.json for Vercel; on CloudFront, a response headers policy with the same values)";

const ok = (title: string, detail: string): CheckItem => ({ ok: true, title, detail });
const fail = (title: string, detail: string, fix: string): CheckItem => ({
  ok: false,
  title,
  detail,
  fix,
});

/** Runs `check`; a throw (no answer, a bad page) is that item's ✗, never the whole run's. */
async function settle(title: string, check: () => Promise<CheckItem> | CheckItem) {
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

function checkHttps(url: URL): CheckItem {
  const title = "HTTPS";
  if (url.protocol === "https:") return ok(title, "the site is served over HTTPS");
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
  const expected = securityHeaders({ emailOrigin: OUTBOX_ORIGIN });
  const problems = Object.entries(expected)
    .filter(([name]) => name !== "Content-Security-Policy")
    .flatMap(([name, value]) => {
      const served = page.response.headers.get(name);
      if (served === null) return [`${name} is missing`];
      return served === value ? [] : [`${name} is "${served}", the build writes "${value}"`];
    });
  if (problems.length === 0) return ok(title, "every header the build writes is served");
  return fail(title, problems.join("; "), HEADERS_FIX);
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

function checkProductionBuild(page: Page): CheckItem {
  const title = "Built for production";
  const { emailOrigin, recaptcha } = page.facts;
  if (!emailOrigin) {
    return fail(
      title,
      "the page is an outbox build (no EmailJS keys): on a host, every registration fails",
      `set VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_SERVICE_ID and VITE_EMAILJS_TEMPLATE_ID in the host's settings, ${REBUILD}`,
    );
  }
  const key = recaptcha ? "; reCAPTCHA on" : "; reCAPTCHA off";
  return ok(title, `EmailJS settings built in: registrations go to ${emailOrigin}${key}`);
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

function checkPlaceholders(page: Page): CheckItem {
  const title = "No placeholder content";
  const found = placeholderWarnings(page.facts.placeholders);
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

async function loadPage(fetcher: Fetcher, url: string): Promise<Page> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`the page answers ${response.status}`);
  const html = await response.text();
  return { url, response, html, facts: readPageFacts(html) };
}

/** The UTC date, YYYY-MM-DD, as the build's own date check uses it. */
export const isoToday = () => new Date().toISOString().slice(0, 10);

/** Every item of the checklist for the site at `address`. */
export async function runLiveChecks(
  address: string,
  fetcher: Fetcher = (url) => fetch(url, { redirect: "follow" }),
  today = isoToday(),
): Promise<CheckItem[]> {
  const checked = resolveSiteUrl(address, address);
  const page = loadPage(fetcher, checked);
  // A failed page load is each page item's ✗ (settle catches it), not an unhandled rejection.
  page.catch(() => undefined);
  const onPage = (title: string, check: (page: Page) => CheckItem) =>
    settle(title, async () => check(await page));
  return Promise.all([
    settle("HTTPS", () => checkHttps(new URL(checked))),
    onPage("Security headers", checkSecurityHeaders),
    onPage("Content Security Policy", checkCsp),
    onPage("Built for production", checkProductionBuild),
    onPage("Site address", (loaded) => checkSiteAddress(loaded, checked)),
    onPage("No placeholder content", checkPlaceholders),
    onPage("Next class in the future", (loaded) => checkNextClass(loaded, today)),
    settle("sitemap.xml", () =>
      checkFile(fetcher, "sitemap.xml", new URL("sitemap.xml", checked).href, sitemapXml(checked)),
    ),
    settle("robots.txt", () =>
      checkFile(fetcher, "robots.txt", new URL("robots.txt", checked).href, robotsTxt(checked)),
    ),
    settle("Share image", async () => checkShareImage(fetcher, await page, checked)),
    onPage("JSON-LD (search data)", (loaded) => checkJsonLd(loaded, checked)),
  ]);
}
