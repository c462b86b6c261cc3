// What Lighthouse does not report: the bytes of each kind the page fetched, its DOM and its JS
// heap, once after load (before any click) and again after the video facade is clicked.
// Bytes by kind are the gzip sizes of the files fetched (the budgets' measure, the same as the
// byte-budget test's); the total is what crossed the wire, headers included.
// Third-party requests get an empty answer from the test itself: counted, never fetched.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type CDPSession, type Page, type Request } from "@playwright/test";
import { quietFlags } from "../chrome-flags.ts";
import { budgetSize, gzipSize } from "../compression.ts";
import type { Sample } from "./figures.ts";

/** Lighthouse's mobile device: a Moto G Power-sized viewport. */
const mobile = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

type Fetched = {
  request: Request;
  firstParty: boolean;
  /** Gzip size of the file served (first party only). */
  size: number;
  /** Gzip size of the stylesheet inlined in a page (the build inlines it; it is CSS too). */
  inlineCss: number;
  /** Bytes on the wire: body as sent, plus response headers. */
  wire: number;
  measured: boolean;
};

/** `distDir` is the folder `url` serves, to read the files the page fetched. */
export async function measurePage(
  url: string,
  distDir: string,
  chromePath: string,
): Promise<Sample> {
  const browser = await chromium.launch({ executablePath: chromePath, args: quietFlags });
  try {
    const context = await browser.newContext(mobile);
    const origin = new URL(url).origin;
    await context.route(
      (target) => target.origin !== origin,
      (route) =>
        route.fulfill({
          status: 200,
          contentType: route.request().resourceType() === "document" ? "text/html" : "text/plain",
          body: "",
        }),
    );
    const page = await context.newPage();
    const fetched: Fetched[] = [];
    let errors = 0;
    page.on("console", (message) => void (message.type() === "error" && errors++));
    page.on("pageerror", () => void errors++);
    const traffic: Traffic = { open: 0, lastChange: Date.now() };
    const change = (delta: number) => {
      traffic.open += delta;
      traffic.lastChange = Date.now();
    };
    page.on("request", () => change(1));
    page.on("requestfailed", () => {
      errors++;
      change(-1);
    });
    page.on("requestfinished", (request) => {
      change(-1);
      const firstParty = new URL(request.url()).origin === origin;
      fetched.push({ request, firstParty, size: 0, inlineCss: 0, wire: 0, measured: false });
    });

    await page.goto(url, { waitUntil: "load" });
    await settle(page, traffic);
    const firstPaint = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      // Whichever came first: a script requested after the load event cannot delay the paint.
      return (
        performance.timeOrigin + Math.min(paint ?? Infinity, navigation?.loadEventStart ?? Infinity)
      );
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const loaded = await snapshot(page, fetched, errors, cdp, distDir);
    const beforePaint = fetched.filter(
      (entry) =>
        entry.firstParty &&
        entry.request.resourceType() === "script" &&
        entry.request.timing().startTime < firstPaint,
    );
    loaded.jsBeforePaint = sum(beforePaint.map((entry) => entry.size));

    await page.getByRole("button", { name: /^Play video/ }).click();
    await page.locator("iframe").waitFor({ state: "attached" });
    await settle(page, traffic);
    const clicked = await snapshot(page, fetched, errors, cdp, distDir);
    return {
      ...loaded,
      ...Object.fromEntries(Object.entries(clicked).map(([id, value]) => [`click.${id}`, value])),
    };
  } finally {
    await browser.close();
  }
}

/** Requests still open and the time of the last change, to tell when the network is quiet. */
type Traffic = { open: number; lastChange: number };

/**
 * Waits until no request has been open for half a second, then for an idle main thread, so
 * hydration has run. (Playwright's "networkidle" belongs to navigations; a click needs this.)
 */
async function settle(page: Page, traffic: Traffic) {
  const deadline = Date.now() + 15_000;
  while (traffic.open > 0 || Date.now() - traffic.lastChange < 500) {
    if (Date.now() > deadline) throw new Error(`the page never went quiet (${traffic.open} open)`);
    await page.waitForTimeout(100);
  }
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
  );
}

async function snapshot(
  page: Page,
  fetched: Fetched[],
  errors: number,
  cdp: CDPSession,
  distDir: string,
): Promise<Sample> {
  for (const entry of fetched.filter((entry) => !entry.measured)) {
    const sizes = await entry.request.sizes();
    entry.wire = sizes.responseBodySize + sizes.responseHeadersSize;
    if (entry.firstParty) {
      const { pathname } = new URL(entry.request.url());
      const file = path.join(distDir, pathname === "/" ? "index.html" : pathname);
      const body = await readFile(file);
      entry.size = budgetSize(file, body);
      if (file.endsWith(".html")) entry.inlineCss = inlineCssSize(body.toString("utf8"));
    }
    entry.measured = true;
  }
  const ours = fetched.filter((entry) => entry.firstParty);
  const bodyOf = (...types: string[]) =>
    sum(
      ours
        .filter((entry) => types.includes(entry.request.resourceType()))
        .map((entry) => entry.size),
    );
  // A forced collection first, so the figure is the live heap, not garbage awaiting the collector.
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  return {
    js: bodyOf("script"),
    css: bodyOf("stylesheet") + sum(ours.map((entry) => entry.inlineCss)),
    html: bodyOf("document"),
    htmlWire: sum(
      ours
        .filter((entry) => entry.request.resourceType() === "document")
        .map((entry) => entry.wire),
    ),
    fonts: bodyOf("font"),
    images: bodyOf("image"),
    transfer: sum(ours.map((entry) => entry.wire)),
    requests: fetched.length,
    thirdParty: fetched.length - ours.length,
    domElements: await page.evaluate(() => document.body.getElementsByTagName("*").length),
    heap: metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? Number.NaN,
    consoleErrors: errors,
  };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function inlineCssSize(html: string): number {
  const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, text]) => text).join("");
  return css ? gzipSize(Buffer.from(css)) : 0;
}
