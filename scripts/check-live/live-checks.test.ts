// The checklist against a site answered in memory: a page shaped like the build's, with the
// headers, robots.txt and sitemap the build writes for it. Each test breaks one thing and
// expects that item alone to fail, with its message.
import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../server/security-headers.ts";
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
  declared?: string;
  headers?: (headers: Record<string, string>) => Record<string, string>;
  missing?: string[];
};

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
  return `<!doctype html><html data-loader="/assets/l.js"${origin} lang="en"><head>
<link rel="canonical" href="${declared}" />
<meta property="og:url" content="${declared}" />
<meta property="og:image" content="${declared}share-image.png" />
<style>body{margin:0}</style><script>document.documentElement.className="js"</script>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body>
<p>$499 per month</p><time dateTime="${nextClass}">Next class</time>
<a href="tel:+12125551234">(212) 555-1234</a><a href="mailto:${contactEmail}">${contactEmail}</a>
<a href="https://www.linkedin.com/company/school" aria-label="LinkedIn">in</a>
<a href="https://school.test/privacy">Privacy Policy</a></body></html>`;
}

/** A fetcher answering for the site as the build and a well-configured host would serve it. */
function site(options: SiteOptions = {}): Fetcher {
  const html = pageHtml(options);
  let headers = securityHeaders({
    emailOrigin: options.emailOrigin === null ? "/outbox" : (options.emailOrigin ?? EMAIL_ORIGIN),
    styleHashes: inlineStyleHashes(html),
    scriptHashes: inlineScriptHashes(html),
  });
  headers = options.headers?.(headers) ?? headers;
  const files: Record<string, Response> = {
    "/": new Response(html, { headers: { ...headers, "Content-Type": "text/html" } }),
    "/robots.txt": new Response(robotsTxt(SITE)),
    "/sitemap.xml": new Response(sitemapXml(SITE)),
    "/share-image.png": new Response("png", { headers: { "Content-Type": "image/png" } }),
  };
  return async (url) => {
    const { pathname } = new URL(url);
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
    expect(failed(items)).toEqual(["Security headers: X-Frame-Options is missing"]);
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

  it("fails plain http anywhere but this computer, and allows it on loopback", async () => {
    const remote = await runLiveChecks("http://school.test/", site(), today);
    expect(failed(remote)[0]).toMatch(/^HTTPS: http:\/\/school\.test is not HTTPS/);
    const local = await runLiveChecks("http://127.0.0.1:4173/", site(), today);
    expect(local[0]).toMatchObject({ ok: true, title: "HTTPS" });
  });

  it("checks each item on its own: a missing sitemap fails that item, a dead site every item", async () => {
    const items = await runLiveChecks(SITE, site({ missing: ["/sitemap.xml"] }), today);
    expect(failed(items)).toEqual(["sitemap.xml: https://school.test/sitemap.xml answers 404"]);
    const down = await runLiveChecks(SITE, () => Promise.reject(new Error("fetch failed")), today);
    expect(down.filter((item) => !item.ok)).toHaveLength(down.length - 1);
    expect(failed(down)[0]).toBe("Security headers: could not be checked: fetch failed");
  });
});
