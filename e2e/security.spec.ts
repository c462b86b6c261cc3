// Security: the headers npm start serves and the build writes for static hosts, a page with no
// inline script and no inline style but its hashed stylesheet, no CSP violation through a whole
// visit (checked in the accessibility visits, see below), safe outside links, and no secret in the
// browser's JavaScript. A test that only reads the page takes the worker's shared one.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { inlineScriptHashes, inlineStyleHashes } from "../scripts/optimize-page.ts";
import { parseHeadersFile } from "../server/headers-file.ts";

const distDir = path.resolve(process.env.DIST_DIR ?? "dist");

/** The policy as a map of directive → sources. */
function directives(policy: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? "").split(/;\s*/).map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

test.describe("the response headers", () => {
  test("the page carries a strict Content Security Policy", async ({ request }) => {
    const page = await request.get("/");
    const csp = directives(page.headers()["content-security-policy"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    // The inlined stylesheet and first-paint script, each allowed by the hash of its exact
    // text, and nothing else inline.
    const html = await page.text();
    expect(csp["script-src"]).toEqual(["'self'", ...inlineScriptHashes(html)]);
    expect(inlineScriptHashes(html)).toHaveLength(1);
    expect(csp["style-src"]).toEqual(["'self'", ...inlineStyleHashes(html)]);
    expect(csp["img-src"]).toEqual(["'self'"]);
    expect(csp["frame-src"]).toEqual(["https://www.youtube-nocookie.com"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    // 'self', plus the EmailJS origin when the build has keys; never a wildcard.
    expect(csp["connect-src"]?.[0]).toBe("'self'");
    expect(csp["connect-src"]?.slice(1)).toEqual(
      csp["connect-src"]?.slice(1).filter((source) => /^https:\/\/[^/*]+$/.test(source)),
    );
    expect(csp["connect-src"]?.length).toBeLessThanOrEqual(2);
  });

  test("the page carries the other security headers", async ({ request }) => {
    const headers = (await request.get("/")).headers();
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d+; includeSubDomains/);
  });

  test("hashed assets are cached for a year and the page is revalidated", async ({ request }) => {
    const page = await request.get("/");
    expect(page.headers()["cache-control"]).toBe("no-cache");
    const script = (await page.text()).match(/data-loader="(\/assets\/[^"]+\.js)"/)?.[1] ?? "";
    const asset = await request.get(script);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-security-policy"]).toBeTruthy();
  });

  test("errors carry the security headers too", async ({ request }) => {
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-security-policy"]).toContain("default-src 'self'");
  });

  test("the build writes the same headers for Netlify, Cloudflare Pages and Vercel", async ({
    request,
  }) => {
    const rules = parseHeadersFile(await readFile(path.join(distDir, "_headers"), "utf8"));
    const vercel = JSON.parse(await readFile(path.join(distDir, "vercel.json"), "utf8")) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    expect(
      vercel.headers.map((rule) => ({
        path: rule.source.replace("(.*)", "*"),
        headers: Object.fromEntries(rule.headers.map(({ key, value }) => [key, value])),
      })),
    ).toEqual(rules);
    const served = (await request.get("/")).headers()["content-security-policy"];
    expect(rules.find((rule) => rule.path === "/*")?.headers["Content-Security-Policy"]).toBe(
      served,
    );
  });

  test("the hosts' configuration files are not served", async ({ request }) => {
    expect((await request.get("/_headers")).status()).toBe(404);
    expect((await request.get("/vercel.json")).status()).toBe(404);
  });
});

test("the built page has one hashed inline script, no event handler, and one hashed style", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const inline = (html.match(/<script\b[^>]*>/g) ?? []).filter(
    // Either a file, or a JSON-LD data block (never executed).
    (tag) => !/\ssrc="|type="application\/ld\+json"/.test(tag),
  );
  // The first-paint script, inlined by the build (scripts/optimize-page.ts).
  expect(inline).toEqual(["<script>"]);
  // The stylesheet, inlined by the build for the first paint (scripts/optimize-page.ts).
  expect(html.match(/<style\b[^>]*>/g)).toEqual(["<style>"]);
  expect(html).not.toMatch(/\sstyle="/);
  expect(html).not.toMatch(/\son[a-z]+="/);
});

// No CSP rule is broken through a whole visit (the menu, a toast, a registration, the video player)
// at 375 and 1280 px: checked at the end of the accessibility visits (a11y.spec.ts), which take the
// same path at the same widths (a visit costs more CPU than the checks on it).

test("links to other sites open in a new tab without handing over the page", async ({
  hydratedPage: page,
}) => {
  const outside = await page.locator("a[href^='http']").evaluateAll((links) =>
    links
      .filter((link) => new URL((link as HTMLAnchorElement).href).origin !== location.origin)
      .map((link) => ({
        href: link.getAttribute("href"),
        target: link.getAttribute("target"),
        rel: (link.getAttribute("rel") ?? "").split(/\s+/).sort(),
      })),
  );
  expect(outside.length).toBeGreaterThan(0);
  for (const link of outside) {
    expect(link, link.href ?? "").toMatchObject({
      target: "_blank",
      rel: expect.arrayContaining(["noopener", "noreferrer"]),
    });
  }
});

test("no source file writes HTML into the page", async () => {
  const files = (await readdir("src", { recursive: true }))
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join("src", file));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const source = await readFile(file, "utf8");
    expect(source, file).not.toMatch(
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write/,
    );
  }
});
