// The checklist against a site answered in memory: a page shaped like the build's, with the
// headers, robots.txt and sitemap the build writes for it. Each test breaks one thing and
// expects that item alone to fail, with its message.
import { describe, expect, it } from "vitest";
import { IMMUTABLE_CACHE, securityHeaders } from "../../server/security-headers.ts";
import { robotsTxt, sitemapXml } from "../deploy-files.ts";
import { inlineScriptHashes, inlineStyleHashes } from "../optimize-page.ts";
import { runLiveChecks, type CheckItem, type Fetcher } from "./live-checks.ts";

const SITE = "https://school.test/";
const EMAIL_ORIGIN = "https://api.emailjs.com";
const today = "2030-01-15";

type SiteOptions = {
  emailOrigin?: string | null;
  nextClass?: string;
  contactEmail?: string;
  adminEmail?: string;
  declared?: string;
  /** The page's headers, from the build's; `fileHeaders` likewise for every other file. */
  headers?: (headers: Record<string, string>) => Record<string, string>;
  fileHeaders?: (headers: Record<string, string>) => Record<string, string>;
  missing?: string[];
  /** Answered 200 with the page, as a host with a catch-all rewrite answers a missing file. */
  rewritten?: string[];
  /** What http:// answers. */
  plainHttp?: Response;
};

const SENDER = "/assets/registration-sender-Ab12Cd34.js";
/** The sender's settings as the minifier writes them (src/registration/registration-sender.ts). */
const senderScript = (adminEmail = "desk@school.test") =>
  `var J=w({VITE_EMAILJS_PUBLIC_KEY:\`pk-live\`,VITE_EMAILJS_SERVICE_ID:\`service_live\`,VITE_EMAILJS_TEMPLATE_ID:\`template_live\`,VITE_EMAILJS_ORIGIN:void 0,VITE_ADMIN_EMAIL:\`${adminEmail}\`});`;

function pageHtml({
  emailOrigin = EMAIL_ORIGIN,
  nextClass = "2031-09-01",
  contactEmail = "desk@school.test",
  declared = SITE,
}: SiteOptions) {
  const jsonLd = {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "EducationalOrganization", url: declared },
      {
        "@type": "Course",
        url: declared,
        image: `${declared}share-image.png`,
        offers: { priceSpecification: [{ price: 499 }] },
        hasCourseInstance: { startDate: nextClass },
      },
    ],
  };
  const origin = emailOrigin ? ` data-email-origin="${emailOrigin}"` : "";
  return `<!doctype html><html data-loader="/assets/index-Zz99Yy88.js" data-islands="/assets/islands-Qq11Ww22.js" data-sender="${SENDER} /assets/data-Ee33Rr44.js"${origin} lang="en"><head>
<link rel="canonical" href="${declared}" /><link rel="icon" href="/favicon.svg" />
<meta property="og:url" content="${declared}" />
<meta property="og:image" content="${declared}share-image.png" />
<style>body{margin:0}</style><script>document.documentElement.className="js"</script>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body>
<svg><use href="/assets/icons-Tt55Uu66.svg#star"></use></svg><img src="/assets/photo-Ii77Oo88.webp" alt="" />
<p>$499 per month</p><time dateTime="${nextClass}">Next class</time>
<a href="tel:+12125551234">(212) 555-1234</a><a href="mailto:${contactEmail}">${contactEmail}</a>
<a href="https://www.linkedin.com/company/school" aria-label="LinkedIn">in</a>
<a href="https://school.test/privacy">Privacy Policy</a></body></html>`;
}

/** A fetcher answering for the site as the build and a well-configured host would serve it. */
function site(options: SiteOptions = {}): Fetcher {
  const html = pageHtml(options);
  const headers = securityHeaders({
    emailOrigin: options.emailOrigin === null ? "/outbox" : (options.emailOrigin ?? EMAIL_ORIGIN),
    styleHashes: inlineStyleHashes(html),
    scriptHashes: inlineScriptHashes(html),
  });
  const pageHeaders = options.headers?.(headers) ?? headers;
  const fileHeaders = options.fileHeaders?.(headers) ?? headers;
  const file = (body: string, type: string, cache = "no-cache") =>
    new Response(body, {
      headers: { "Cache-Control": cache, ...fileHeaders, "Content-Type": type },
    });
  const asset = (type: string) => file("…", type, IMMUTABLE_CACHE);
  const page = new Response(html, {
    headers: { "Content-Type": "text/html", "Cache-Control": "no-cache", ...pageHeaders },
  });
  const files: Record<string, Response> = {
    "/": page,
    "/robots.txt": file(robotsTxt(SITE), "text/plain"),
    "/sitemap.xml": file(sitemapXml(SITE), "application/xml"),
    "/share-image.png": file("png", "image/png"),
    "/favicon.svg": file("<svg/>", "image/svg+xml"),
    "/assets/index-Zz99Yy88.js": asset("text/javascript"),
    "/assets/islands-Qq11Ww22.js": asset("text/javascript"),
    "/assets/data-Ee33Rr44.js": asset("text/javascript"),
    [SENDER]: file(senderScript(options.adminEmail), "text/javascript", IMMUTABLE_CACHE),
    "/assets/icons-Tt55Uu66.svg": asset("image/svg+xml"),
    "/assets/photo-Ii77Oo88.webp": asset("image/webp"),
  };
  return async (url, init) => {
    const { pathname, protocol } = new URL(url);
    if (protocol === "http:" && init?.redirect === "manual") {
      return (
        options.plainHttp?.clone() ??
        new Response(null, { status: 301, headers: { Location: `${SITE}` } })
      );
    }
    if (options.rewritten?.includes(pathname)) return page.clone();
    if (options.missing?.includes(pathname)) return new Response("Not found", { status: 404 });
    return files[pathname]?.clone() ?? new Response("Not found", { status: 404 });
  };
}

const failed = (items: CheckItem[]) =>
  items.filter((item) => !item.ok).map(({ title, detail }) => `${title}: ${detail}`);

describe("runLiveChecks", () => {
  it("passes a production build served with the build's headers at the address it declares", async () => {
    const items = await runLiveChecks(SITE, site(), today);
    expect(failed(items)).toEqual([]);
    expect(items.map((item) => item.title)).toEqual([
      "HTTPS",
      "Security headers",
      "Content Security Policy",
      "Built for production",
      "Site address",
      "No placeholder content",
      "Next class in the future",
      "sitemap.xml",
      "robots.txt",
      "Share image",
      "JSON-LD (search data)",
      "Files the page loads",
      "Caching",
      "Security headers on files",
    ]);
  });

  it("shows what the build carries: the EmailJS IDs, the admin address, reCAPTCHA", async () => {
    const items = await runLiveChecks(SITE, site(), today);
    expect(items.find((item) => item.title === "Built for production")?.detail).toBe(
      [
        `registrations go to EmailJS at ${EMAIL_ORIGIN}`,
        "service ID service_live, template ID template_live, public key pk-live",
        "admin emails to desk@school.test",
        "reCAPTCHA off",
        "if any of these is not yours, fix it in the host's settings and rebuild",
      ].join("\n"),
    );
  });

  it("fails a placeholder admin address the build carries", async () => {
    const items = await runLiveChecks(SITE, site({ adminEmail: "admin@example.com" }), today);
    expect(failed(items)).toEqual([
      "No placeholder content: The admin mailbox admin@example.com is a placeholder: set VITE_ADMIN_EMAIL (or site.email in src/content/site.ts).",
    ]);
  });

  it("fails a missing header, and only that item, with its fix", async () => {
    const items = await runLiveChecks(
      SITE,
      site({
        headers: ({ "X-Frame-Options": _, ...rest }) => rest,
      }),
      today,
    );
    expect(failed(items)).toEqual([
      "Security headers: X-Frame-Options is missing: older browsers let other sites frame the page (clickjacking)",
    ]);
    expect(items.find((item) => !item.ok)?.fix).toContain("_headers");
  });

  it("fails a CSP that does not allow the email service", async () => {
    const items = await runLiveChecks(
      SITE,
      site({
        headers: (headers) => ({
          ...headers,
          "Content-Security-Policy": (headers["Content-Security-Policy"] ?? "").replace(
            ` ${EMAIL_ORIGIN}`,
            "",
          ),
        }),
      }),
      today,
    );
    expect(failed(items)).toEqual([
      `Content Security Policy: connect-src does not allow the email service (${EMAIL_ORIGIN}): browsers block every registration`,
    ]);
  });

  it("fails an outbox build", async () => {
    const items = await runLiveChecks(SITE, site({ emailOrigin: null }), today);
    expect(failed(items)).toEqual([
      "Built for production: the page is an outbox build (no EmailJS keys): on a host, every registration fails",
    ]);
    expect(items.find((item) => !item.ok)?.fix).toContain("VITE_EMAILJS_PUBLIC_KEY");
  });

  it("fails a placeholder left in the content", async () => {
    const items = await runLiveChecks(SITE, site({ contactEmail: "hi@example.org" }), today);
    expect(failed(items)).toEqual([
      "No placeholder content: The contact email hi@example.org is a placeholder: edit site.email in src/content/site.ts.",
    ]);
  });

  it("fails a next class start in the past", async () => {
    const items = await runLiveChecks(SITE, site({ nextClass: "2025-06-06" }), today);
    expect(failed(items)).toEqual([
      "Next class in the future: The next class start 2025-06-06 is in the past: update the dates in src/content/. (today is 2030-01-15)",
    ]);
  });

  it("fails a page that declares another address, and what follows from it", async () => {
    const items = await runLiveChecks(SITE, site({ declared: "https://other.test/" }), today);
    expect(failed(items).map((line) => line.split(":")[0])).toEqual([
      "Site address",
      "Share image",
      "JSON-LD (search data)",
    ]);
  });

  it("names a host that sends no headers as one that cannot, each header on its own line", async () => {
    const none = () => ({});
    const items = await runLiveChecks(SITE, site({ headers: none, fileHeaders: none }), today);
    const headers = items.find((item) => item.title === "Security headers");
    expect(headers?.detail.split("\n")).toEqual([
      expect.stringContaining("this host cannot send headers (GitHub Pages"),
      ...Object.keys(securityHeaders({ emailOrigin: EMAIL_ORIGIN })).map((name) =>
        expect.stringMatching(new RegExp(`^${name} is missing: \\w`)),
      ),
    ]);
    expect(!headers?.ok && headers?.fix).toContain("Netlify or Cloudflare Pages");
    expect(failed(items).map((line) => line.split(":")[0])).toEqual([
      "Security headers",
      "Content Security Policy",
      "Security headers on files",
    ]);
  });

  it("fails a deploy without assets/, naming each file", async () => {
    const assets = ["/assets/index-Zz99Yy88.js", "/assets/islands-Qq11Ww22.js", SENDER];
    const items = await runLiveChecks(SITE, site({ missing: assets }), today);
    expect(failed(items)).toEqual([
      `Built for production: the build's email settings cannot be read: its registration script ${SITE.slice(0, -1)}${SENDER} answers 404`,
      `Files the page loads: 3 of 7 fail:\n${assets.map((path) => `${path} answers 404`).join("\n")}`,
    ]);
    expect(items.filter((item) => !item.ok).map((item) => !item.ok && item.fix)).toEqual([
      expect.stringContaining("assets/ folder included"),
      expect.stringContaining("assets/ folder included"),
    ]);
  });

  it("fails a file answered with the page (a catch-all rewrite), by its type", async () => {
    const items = await runLiveChecks(
      SITE,
      site({ rewritten: ["/assets/icons-Tt55Uu66.svg"] }),
      today,
    );
    expect(failed(items)).toEqual([
      'Files the page loads: 1 of 7 fail:\n/assets/icons-Tt55Uu66.svg is served as "text/html"',
      'Caching: /assets/icons-Tt55Uu66.svg is served with Cache-Control "no-cache", not immutable',
    ]);
  });

  it("fails a page cached as immutable, and hashed files that are not", async () => {
    const items = await runLiveChecks(
      SITE,
      site({
        headers: (headers) => ({ ...headers, "Cache-Control": IMMUTABLE_CACHE }),
        fileHeaders: (headers) => ({ ...headers, "Cache-Control": "public, max-age=600" }),
      }),
      today,
    );
    expect(failed(items)).toEqual([
      [
        `Caching: the page is served with Cache-Control "${IMMUTABLE_CACHE}": browsers may show an old page, with old file names, after a deploy`,
        ...[
          "index-Zz99Yy88.js",
          "islands-Qq11Ww22.js",
          "registration-sender-Ab12Cd34.js",
          "data-Ee33Rr44.js",
          "icons-Tt55Uu66.svg",
          "photo-Ii77Oo88.webp",
        ].map(
          (name) =>
            `/assets/${name} is served with Cache-Control "public, max-age=600", not immutable`,
        ),
      ].join("\n"),
    ]);
  });

  it("fails security headers the files lack, though the page has them", async () => {
    const items = await runLiveChecks(
      SITE,
      site({ fileHeaders: ({ "X-Content-Type-Options": _, ...rest }) => rest }),
      today,
    );
    expect(failed(items)).toEqual([
      "Security headers on files: X-Content-Type-Options is missing on 7 of 7 files (/assets/index-Zz99Yy88.js, /assets/islands-Qq11Ww22.js, /assets/registration-sender-Ab12Cd34.js, …)",
    ]);
  });

  it("fails an https site whose http:// address does not redirect to it", async () => {
    const served = await runLiveChecks(SITE, site({ plainHttp: new Response("page") }), today);
    expect(failed(served)).toEqual([
      "HTTPS: http://school.test/ answers 200, not a redirect to https://school.test",
    ]);
    const elsewhere = await runLiveChecks(
      SITE,
      site({
        plainHttp: new Response(null, {
          status: 302,
          headers: { Location: "https://other.test/" },
        }),
      }),
      today,
    );
    expect(failed(elsewhere)).toEqual([
      "HTTPS: http://school.test/ answers 302 and sends to https://other.test/, not a redirect to https://school.test",
    ]);
  });

  it("fails plain http anywhere but this computer, and allows it on loopback", async () => {
    const remote = await runLiveChecks("http://school.test/", site(), today);
    expect(failed(remote)[0]).toMatch(/^HTTPS: http:\/\/school\.test is not HTTPS/);
    const local = await runLiveChecks("http://127.0.0.1:4173/", site(), today);
    expect(local[0]).toMatchObject({ ok: true, title: "HTTPS" });
  });

  it("checks each item on its own: a missing sitemap fails that item alone", async () => {
    const items = await runLiveChecks(SITE, site({ missing: ["/sitemap.xml"] }), today);
    expect(failed(items)).toEqual(["sitemap.xml: https://school.test/sitemap.xml answers 404"]);
  });

  it("gives a site that answers nothing one line, with the cause and its fix, and no ✓", async () => {
    const refused = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    const down = await runLiveChecks(SITE, () => Promise.reject(refused), today);
    expect(down).toEqual([
      {
        ok: false,
        title: "Site",
        detail:
          "nothing answers at https://school.test/: the connection was refused: nothing listens at that address and port (ECONNREFUSED)",
        fix: expect.stringContaining("check the address and port"),
      },
    ]);
  });

  it("gives a site that answers without the page one line too", async () => {
    const items = await runLiveChecks(SITE, site({ missing: ["/"] }), today);
    expect(items).toEqual([
      {
        ok: false,
        title: "Site",
        detail: "https://school.test/ answers 404, not the page",
        fix: expect.stringContaining("index.html at its root"),
      },
    ]);
  });
});
