// The page itself: loading, deep links and reloads at a fragment, the nav's smooth scroll and
// scroll-spy, the mobile menu and the video facade.
import { expect } from "vitest";
import { featuresSection, video } from "../../src/content/program.ts";
import type { EnginePage } from "./engine.ts";
import {
  desktop,
  expectNoProblems,
  isInteractive,
  makeInteractive,
  type Journey,
  type JourneyContext,
  openInteractive,
  screenshot,
  waitFor,
} from "./steps.ts";

/** Each band of the page, in the page's order (docs/spec-facts.md). */
const bands = [
  "#hero-title",
  `h2:features`,
  "#registration",
  "#salary-title",
  `button[aria-label="${video.playLabel}"]`,
  "#curriculum",
  "#instructors",
  "#testimonials",
  "#contact",
  "footer",
];

/** The top of each band on the page, or null when it is missing. */
function bandTops({ selectors, featuresTitle }: { selectors: string[]; featuresTitle: string }) {
  return selectors.map((selector) => {
    const element =
      selector === "h2:features"
        ? [...document.querySelectorAll("h2")].find((h2) => h2.textContent === featuresTitle)
        : document.querySelector(selector);
    return element ? element.getBoundingClientRect().top + window.scrollY : null;
  });
}

/**
 * Records scrollY every frame from the next click on, for 1.5 s and at least three frames after
 * the animation's 500 ms: on a runner slowed to a third, WebKitGTK once drew no frame between
 * 200 ms and 1.5 s, and a recorder that stopped at 1.5 s read a position of that early frame as
 * the end. `__scrollRecorded` is set once the recording is complete.
 */
function recordScrollAfterClick(): void {
  const samples: [number, number][] = [];
  Object.assign(window, { __scrollSamples: samples, __scrollRecorded: false });
  document.addEventListener(
    "click",
    () => {
      const clicked = performance.now();
      samples.push([0, window.scrollY]);
      let framesAfterAnimation = 0;
      const sample = () => {
        const elapsed = performance.now() - clicked;
        samples.push([elapsed, window.scrollY]);
        if (elapsed > 500) framesAfterAnimation += 1;
        if (elapsed < 1500 || framesAfterAnimation < 3) requestAnimationFrame(sample);
        else Object.assign(window, { __scrollRecorded: true });
      };
      requestAnimationFrame(sample);
    },
    { capture: true, once: true },
  );
}

/** The section's heading lies below the fixed header and inside the viewport. */
function headingBelowHeader(id: string): boolean {
  const heading = document.querySelector(`#${id} h2`)?.getBoundingClientRect();
  const header = document.querySelector("header")?.getBoundingClientRect();
  return (
    !!heading &&
    !!header &&
    heading.top >= header.bottom - 1 &&
    heading.bottom <= window.innerHeight
  );
}

/** Whether the link marked current in the main nav is this one (null: none is). */
function isCurrentNavLink(label: string | null): boolean {
  const current = document.querySelector('nav[aria-label="Main"] a[aria-current]');
  return (current?.textContent ?? null) === label;
}

export async function loadsInOrder(page: EnginePage, context: JourneyContext, width: number) {
  await openInteractive(page, `${context.site}/`);
  const tops = await page.evaluate(bandTops, {
    selectors: bands,
    featuresTitle: featuresSection.title,
  });
  expect(
    tops.every((top) => top !== null),
    `every band is there: ${JSON.stringify(tops)}`,
  ).toBe(true);
  expect(tops).toEqual([...(tops as number[])].sort((a, b) => a - b));
  await screenshot(page, context, width, "hero");
  await expectNoProblems(page);
}

/** From the top of the hydrated page: a nav link's smooth scroll, then scroll-spy. */
async function navScrollsSmoothly(page: EnginePage) {
  await page.evaluate(recordScrollAfterClick);
  await page.click('nav[aria-label="Main"] a[href="#curriculum"]');
  await waitFor(
    page,
    "the scroll recorder to end",
    () => (window as unknown as { __scrollRecorded: boolean }).__scrollRecorded,
  );
  const samples = await page.evaluate(
    () => (window as unknown as { __scrollSamples: [number, number][] }).__scrollSamples,
  );
  const start = samples[0]?.[1] ?? NaN;
  const end = samples.at(-1)?.[1] ?? NaN;
  const arrival = samples.find(([, y]) => y === end)?.[0] ?? NaN;
  // Frames come slower on a busy machine (WebKitGTK draws in software here): "about 500 ms"
  // is 500 ms give or take the longest gap between two frames (twice at the end: the
  // animation may start on the frame after the click and show its end one frame late).
  const frameGap = Math.max(...samples.slice(1).map(([t], i) => t - (samples[i]?.[0] ?? 0)));
  expect(end).toBeGreaterThan(start + 1000);
  // Not a jump: a frame drawn while the 500 ms animation runs shows a position short of the end.
  const midway = samples.find(([t]) => t > 0 && t < 450);
  if (midway) expect(midway[1], `in between at ${Math.round(midway[0])} ms`).toBeLessThan(end - 50);
  expect(arrival, "arrives after about 500 ms").toBeGreaterThan(500 - frameGap - 50);
  expect(arrival, "arrives after about 500 ms").toBeLessThan(500 + 2 * frameGap + 50);
  expect(await page.evaluate(headingBelowHeader, "curriculum")).toBe(true);
  expect(await page.evaluate(() => location.hash)).toBe("#curriculum");
  await waitFor(page, "Curriculum to be the current link", isCurrentNavLink, "Curriculum");
  // Scroll-spy follows a visitor who scrolls on, and clears at the top.
  await page.evaluate(() => {
    const top = document.getElementById("testimonials")?.getBoundingClientRect().top ?? 0;
    window.scrollTo({ top: window.scrollY + top - 120, behavior: "instant" });
  });
  await waitFor(page, "Testimonials to be current", isCurrentNavLink, "Testimonials");
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await waitFor(page, "no current link at the top", isCurrentNavLink, null);
  await expectNoProblems(page);
}

/** From the top of the hydrated page at phone width: the menu opens, and a link closes it. */
export async function mobileMenu(page: EnginePage) {
  const toggle = "header button[aria-controls]";
  const menuShown = () => {
    const menu = document.querySelector('nav[aria-label="Mobile"]');
    const open = document
      .querySelector("header button[aria-controls]")
      ?.getAttribute("aria-expanded");
    return {
      open,
      visible: !!menu && menu.getClientRects().length > 0,
      links: menu?.querySelectorAll("a").length ?? 0,
    };
  };
  expect(await page.evaluate(menuShown)).toEqual({ open: "false", visible: false, links: 5 });
  await page.click(toggle);
  expect(await page.evaluate(menuShown)).toEqual({ open: "true", visible: true, links: 5 });
  await page.click('nav[aria-label="Mobile"] a[href="#instructors"]');
  await waitFor(
    page,
    "the menu to close",
    () =>
      document.querySelector("header button[aria-controls]")?.getAttribute("aria-expanded") ===
      "false",
  );
  expect(await page.evaluate(menuShown)).toMatchObject({ open: "false", visible: false });
  await waitFor(
    page,
    "the Instructors heading below the header",
    headingBelowHeader,
    "instructors",
    3000,
  );
  await expectNoProblems(page);
}

/** From the hydrated page: nothing is asked of YouTube until play is pressed. */
async function videoFacade(page: EnginePage) {
  const foreign = () =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin !== location.origin);
  expect(await page.evaluate(foreign)).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll("iframe").length)).toBe(0);
  await page.click(`button[aria-label="${video.playLabel}"]`);
  await waitFor(
    page,
    "the player frame",
    (title) => !!document.querySelector(`iframe[title="${title}"]`),
    video.iframeTitle,
  );
  const src = await page.evaluate(
    (title) => document.querySelector(`iframe[title="${title}"]`)?.getAttribute("src"),
    video.iframeTitle,
  );
  expect(src).toMatch(
    new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${video.youtubeId}\\b`),
  );
  expect(
    await page.evaluate(() => document.querySelectorAll(`button[aria-label^="Play video"]`).length),
  ).toBe(0);
  // The network is closed in tests, so the player itself fails to load; that is all it may print.
  await expectNoProblems(
    page,
    /^console: .*(youtube-nocookie|ERR_NAME_NOT_RESOLVED|NS_ERROR_UNKNOWN_HOST)/,
  );
}

/** Opens #registration by its URL: the form in view makes the page interactive with no touch. */
export async function deepLinkToRegistration(page: EnginePage, context: JourneyContext) {
  await page.goto(`${context.site}/#registration`);
  await waitFor(page, "the islands to hydrate", isInteractive);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expectNoProblems(page);
}

/** From the hydrated page: a nav link puts a fragment in the URL, then three reloads at it. */
export async function reloadsAtFragment(page: EnginePage) {
  await page.click('nav[aria-label="Main"] a[href="#curriculum"]');
  await waitFor(page, "the URL to name #curriculum", () => location.hash === "#curriculum");
  for (let reload = 1; reload <= 3; reload += 1) {
    await page.reload();
    // Not hydrated before the visitor shows intent (a reload's restored scroll may or may
    // not count as one): the first touch after the reload makes it interactive.
    await makeInteractive(page);
  }
  await expectNoProblems(page);
}

// Each journey is one visit, as a visitor makes it: checks that need a fresh page come first,
// and later ones go on from where the earlier left the page. A page load and hydration is the
// dearest step in every engine (WebKitGTK draws in software here), so visits are not repeated
// where one can go on: the phone's load and menu, and the deep link and the reloads at a
// fragment, begin the registration visits (journeys-registration.ts).
export const pageJourneys: Journey[] = [
  {
    name: "loads with no error, every section in order; a nav link scrolls smoothly to its section and scroll-spy marks it; the video facade asks nothing of YouTube until play is pressed",
    viewport: desktop,
    run: async (page, context) => {
      await loadsInOrder(page, context, desktop.width);
      await navScrollsSmoothly(page);
      await videoFacade(page);
    },
  },
];
