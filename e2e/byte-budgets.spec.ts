// The byte budgets of the performance work, exact on the built site: gzip sizes (level 9, as
// scripts/compression.ts defines them, the same measure as `npm run bench`) of what the
// page makes a browser fetch. 1 KB = 1000 bytes.
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { get } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./support/test.ts";
import { budgetSize, gzipSize } from "../scripts/compression.ts";
import { buildWorkingTree } from "../scripts/bench/bench-builds.ts";
import { figures } from "../scripts/bench/figures.ts";
import { FIRST_RESPONSE_BUDGET, firstResponseBytes } from "../scripts/site-build/first-window.ts";
import { STAND_IN_SITE_KEY } from "./support/recaptcha-stand-in.ts";
import { createStaticServer, listen } from "../scripts/bench/static-server.ts";
import { openHydratedPage } from "./support/page.ts";

const distDir = path.resolve(process.env.DIST_DIR ?? "dist");
const KB = 1000;

const read = (pathname: string) =>
  readFile(path.join(distDir, pathname === "/" ? "index.html" : pathname));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const attributes = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map(([, value = ""]) => value);

test("the page is within 20 KB and its stylesheet, inline or linked, within 12 KB", async () => {
  const page = await read("/");
  expect(gzipSize(page)).toBeLessThanOrEqual(20 * KB);
  const html = page.toString("utf8");
  const inline = attributes(html, /<style>([\s\S]*?)<\/style>/g).join("");
  const linked = await Promise.all(
    attributes(html, /<link rel="stylesheet"[^>]*href="([^"]+)"/g).map(read),
  );
  expect(gzipSize(Buffer.from(inline)) + sum(linked.map(gzipSize))).toBeLessThanOrEqual(12 * KB);
});

/** One response as it crossed the wire: its status line and headers, and its body as sent. */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{
    headerBytes: number;
    body: Buffer;
    encoding?: string;
    vary?: string;
    csp?: string;
  }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const lines = [`HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}`];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({
          headerBytes: Buffer.byteLength(`${lines.join("\r\n")}\r\n\r\n`),
          body: Buffer.concat(chunks),
          encoding: res.headers["content-encoding"],
          vary: res.headers.vary,
          csp: String(res.headers["content-security-policy"]),
        });
      });
    }).on("error", reject);
  });
}

test.describe("the page an operator deploys", () => {
  // Built as the README has an operator build it: EmailJS's keys and a reCAPTCHA key, whose
  // CSP names Google, so its headers are the longest a deploy sends.
  let deployDir = "";
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Inside the project (.cache is git-ignored): the prerender resolves from its node_modules.
    await mkdir(path.resolve(".cache"), { recursive: true });
    deployDir = await mkdtemp(path.resolve(".cache", "byte-budgets-deploy-"));
    await buildWorkingTree(process.cwd(), deployDir, {
      VITE_EMAILJS_PUBLIC_KEY: "budget-public-key",
      VITE_EMAILJS_SERVICE_ID: "budget-service",
      VITE_EMAILJS_TEMPLATE_ID: "budget-template",
      VITE_RECAPTCHA_SITE_KEY: STAND_IN_SITE_KEY,
    });
  });
  test.afterAll(() => rm(deployDir, { recursive: true, force: true }));

  test("arrives in TCP's first window with 600 B to spare: brotli and the headers of _headers within 14,000 bytes, head and hero first", async () => {
    const budget = figures.find((figure) => figure.id === "htmlWire")?.budget?.max;
    expect(budget).toBe(FIRST_RESPONSE_BUDGET);
    // Served as a static host serves it: brotli, and the headers `_headers` gives `/`.
    const server = await createStaticServer(deployDir);
    try {
      const origin = await listen(server, 0);
      const page = await fetchRaw(`${origin}/`, { "accept-encoding": "gzip, deflate, br" });
      expect(page.encoding).toBe("br");
      expect(page.csp).toContain("https://www.google.com");
      expect(page.headerBytes + page.body.byteLength).toBeLessThanOrEqual(FIRST_RESPONSE_BUDGET);
      // The build's own figure, which it warns by, counts what the server sent, within a few bytes.
      expect(
        Math.abs((await firstResponseBytes(deployDir)) - page.headerBytes - page.body.byteLength),
      ).toBeLessThan(60);
    } finally {
      server.close();
    }
    // What the first screen needs comes before what it does not: the stylesheet before the
    // structured data, the hero before everything below it, and the rest of the page's styles
    // linked after the hero.
    const html = (await readFile(path.join(deployDir, "index.html"))).toString("utf8");
    const at = (marker: string) => html.indexOf(marker);
    expect(at("<style>")).toBeGreaterThan(0);
    expect(at("<style>")).toBeLessThan(at('<script type="application/ld+json">'));
    expect(at("</h1>")).toBeLessThan(at("</section>"));
    expect(at('<link rel="stylesheet"')).toBeGreaterThan(at("</h1>"));
  });
});

test("before the first interaction the page runs at most 5 KB of JavaScript: the first-paint script and the loader", async () => {
  const html = (await read("/")).toString("utf8");
  const inline = attributes(html, /<script>([\s\S]*?)<\/script>/g);
  // The page names no script file: the first-paint script requests the loader, named on <html>.
  expect(attributes(html, /<script\b[^>]*\ssrc="([^"]+)"/g)).toEqual([]);
  expect(attributes(html, /<link rel="modulepreload"[^>]*href="([^"]+)"/g)).toEqual([]);
  const scripts = attributes(html, /<html\b[^>]*\sdata-loader="([^"]+)"/g);
  expect(inline).toHaveLength(1);
  expect(scripts).toHaveLength(1);
  const loaders = await Promise.all(scripts.map(read));
  const firstPaint = gzipSize(Buffer.from(inline.join("")));
  // 2 KB until it kept every Register Now itself (docs/decisions/0017-registration-ledger.md):
  // a press is on the device whether or not any other code arrives.
  expect(firstPaint).toBeLessThanOrEqual(2.5 * KB);
  expect(firstPaint + sum(loaders.map(gzipSize))).toBeLessThanOrEqual(5 * KB);
});

test("the sender's own file asks Chromium to compile all of it as it arrives, not inside Register Now's press", async () => {
  const html = (await read("/")).toString("utf8");
  const [sender] = attributes(html, /<html\b[^>]*\sdata-sender="([^" ]+)/g);
  expect(sender).toBeTruthy();
  const code = (await read(sender ?? "")).toString("utf8");
  // Chromium's explicit compile hint: a comment that must be the file's first line.
  expect(code.startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
});

test("once the visitor has touched the page, it stays within its JavaScript, byte and request budgets", async ({
  page,
  baseURL,
}) => {
  const fetched: string[] = [];
  page.on("requestfinished", (request) => fetched.push(request.url()));
  await openHydratedPage(page);
  await page.waitForLoadState("networkidle");

  const origin = new URL(baseURL ?? "").origin;
  expect(fetched.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  // A file prefetched and then imported is one file (the second comes from the cache).
  const files = await Promise.all(
    [...new Set(fetched)].map(async (url) => {
      const { pathname } = new URL(url);
      const body = await read(pathname);
      return { pathname, body, size: budgetSize(pathname === "/" ? "index.html" : pathname, body) };
    }),
  );
  const scripts = files.filter(({ pathname }) => pathname.endsWith(".js"));
  // The loader, then the islands' code it fetched at the first touch.
  expect(scripts.length).toBeGreaterThan(1);
  expect(sum(scripts.map(({ size }) => size))).toBeLessThanOrEqual(100 * KB);
  expect(sum(files.map(({ size }) => size))).toBeLessThanOrEqual(200 * KB);
  expect(files.length).toBeLessThanOrEqual(12);
  // The email client waits for the visitor to use the form.
  const emailClient = scripts.filter(({ body }) => body.includes("dashboard.emailjs.com"));
  expect(emailClient.map(({ pathname }) => pathname)).toEqual([]);
});

test("npm start sends what a CDN sends: the page and its scripts in brotli, or gzip, as the browser accepts", async ({
  baseURL,
}) => {
  const html = (await read("/")).toString("utf8");
  const [islandsCode = ""] = attributes(html, /\sdata-islands="[^" ]+ ([^" ]+)/g);
  const [sender = ""] = attributes(html, /\sdata-sender="([^" ]+)/g);
  for (const pathname of ["/", islandsCode, sender]) {
    const original = await read(pathname);
    const br = await fetchRaw(`${baseURL}${pathname}`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.encoding, pathname).toBe("br");
    expect(brotliDecompressSync(br.body).equals(original), pathname).toBe(true);
    expect(br.body.byteLength).toBeLessThan(original.byteLength / 2);
    const gz = await fetchRaw(`${baseURL}${pathname}`, { "accept-encoding": "gzip" });
    expect(gz.encoding, pathname).toBe("gzip");
    expect(gunzipSync(gz.body).equals(original), pathname).toBe(true);
    const plain = await fetchRaw(`${baseURL}${pathname}`, {});
    expect(plain.encoding, pathname).toBeUndefined();
    expect(plain.body.equals(original), pathname).toBe(true);
    expect(plain.vary, pathname).toBe("Accept-Encoding");
  }
});
