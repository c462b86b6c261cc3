// The operator's photos of people in every engine: the instructor and testimonial cards with
// photos (the site built with them, e2e/engines/photo-site.setup.ts) and without (the default
// content: drawn initials), at phone and desktop widths, with a screenshot of each band.
import { expect } from "vitest";
import { sectionIds } from "../../src/content/sections.ts";
import { photoSizes } from "../../src/lib/photo-sizes.ts";
import type { EnginePage } from "./engine.ts";
import {
  desktop,
  expectNoProblems,
  type Journey,
  phone,
  screenshot,
  sleep,
  waitFor,
} from "./steps.ts";

const bands = [
  { id: sectionIds.instructors, size: photoSizes.instructor, people: 2 },
  { id: sectionIds.testimonials, size: photoSizes.student, people: 4 },
];

/**
 * Brings a band's top under the fixed header (at once, no smooth scroll); true once it is there.
 * Bands laid out only near the viewport change height as they come in, so it takes a few calls.
 */
function bandAtTop(id: string): boolean {
  const top = document.getElementById(id)?.getBoundingClientRect().top ?? 0;
  if (Math.abs(top - 80) <= 1) return true;
  window.scrollTo({ top: window.scrollY + top - 80, behavior: "instant" });
  return false;
}

async function scrollToBand(page: EnginePage, id: string) {
  await waitFor(page, `#${id} at the top`, bandAtTop, id);
  // Once more after a while, for the screenshot: WebKitGTK's lags the page by a few frames.
  await sleep(600);
  await waitFor(page, `#${id} at the top`, bandAtTop, id);
  // WebKitGTK at device scale 2 paints an image decoded off the main thread (decoding="async")
  // only at its next repaint, which a still headless window never has; a visitor's scroll gives
  // it one. The decoded pixels themselves are checked in the page (centrePixels).
  await page.evaluate(() => window.scrollBy(0, 1));
  await sleep(300);
}

/**
 * Every photo of a band has loaded. A lazy one still waiting is brought into view, as a visitor
 * reading down the band would: how far ahead an engine loads lazy images differs (Firefox's
 * margin is smaller than Chromium's, so a phone's fourth testimonial may wait for the scroll).
 */
function photosLoaded(id: string): boolean {
  const images = [...document.querySelectorAll<HTMLImageElement>(`#${id} picture img`)];
  const waiting = images.find((img) => !(img.complete && img.naturalWidth > 0));
  if (!waiting) return images.length > 0;
  waiting.scrollIntoView({ block: "center", behavior: "instant" });
  return false;
}

/** What each photo of a band shows: its box, its file, and the screen's pixel density. */
function photosOf(id: string) {
  return [...document.querySelectorAll<HTMLImageElement>(`#${id} picture img`)].map((img) => {
    const box = img.getBoundingClientRect();
    return {
      box: [Math.round(box.width), Math.round(box.height)],
      natural: [img.naturalWidth, img.naturalHeight],
      file: img.currentSrc.split("/").pop() ?? "",
      alt: img.getAttribute("alt"),
      density: window.devicePixelRatio,
    };
  });
}

/** The colour at the centre of each photo of a band, as the browser decoded it. */
function centrePixels(id: string): number[][] {
  return [...document.querySelectorAll<HTMLImageElement>(`#${id} picture img`)].map((img) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 8;
    const context = canvas.getContext("2d");
    context?.drawImage(img, 0, 0, 8, 8);
    return [...(context?.getImageData(4, 4, 1, 1).data ?? [])];
  });
}

/** Whether every photo of a band draws opaque pixels: decoded (a decode may follow `complete`). */
function photosDecoded(id: string): boolean {
  return [...document.querySelectorAll<HTMLImageElement>(`#${id} picture img`)].every((img) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 8;
    const context = canvas.getContext("2d");
    context?.drawImage(img, 0, 0, 8, 8);
    return context?.getImageData(4, 4, 1, 1).data[3] === 255;
  });
}

/**
 * The photo site is built with a reCAPTCHA key (e2e/support/photo-site.ts): the page shows
 * Google's notice, and a visitor who only reads and scrolls gets nothing of Google's.
 */
function recaptchaBeforeTouch() {
  return {
    notice: document
      .querySelector("#registration")
      ?.textContent?.includes("protected by reCAPTCHA"),
    googleScripts: [...document.scripts].filter((script) => script.src.includes("recaptcha"))
      .length,
    googleFrames: document.querySelectorAll('iframe[src*="recaptcha"]').length,
  };
}

function initialsShown(id: string): number {
  return document.querySelectorAll(`#${id} span[aria-hidden="true"].rounded-full`).length;
}

async function checkPhotos(
  page: EnginePage,
  width: number,
  context: Parameters<Journey["run"]>[1],
) {
  await page.goto(context.photoSite);
  for (const { id, size, people } of bands) {
    await waitFor(page, `the photos of #${id} to load`, photosLoaded, id);
    await scrollToBand(page, id);
    const photos = await page.evaluate(photosOf, id);
    expect(photos).toHaveLength(people);
    for (const photo of photos) {
      // Square at the size shown, never squashed, with the file made for this screen: 1x, or
      // 2x where a CSS pixel is two device pixels (WebKitGTK at phone width is zoomed ×2).
      const pixels = size * (photo.density >= 1.5 ? 2 : 1);
      expect(photo.box).toEqual([size, size]);
      expect(photo.natural).toEqual([pixels, pixels]);
      expect(photo.file).toMatch(new RegExp(`-${pixels}-[\\w-]{8}\\.(avif|webp)$`));
      expect(photo.alt).toBe("");
    }
    console.log(
      `${context.engine} ${width} px #${id}: ${photos.map((p) => p.file.split(".").pop()).join(", ")}`,
    );
    await waitFor(page, `the photos of #${id} to be decoded`, photosDecoded, id);
    // Decoded, each shows the drawn face or its ground at its centre (opaque, not blank).
    for (const [r = 0, g = 0, b = 0, a = 0] of await page.evaluate(centrePixels, id)) {
      const face = Math.abs(r - 193) < 24 && Math.abs(g - 57) < 24 && Math.abs(b - 43) < 24;
      const ground = Math.abs(r - 138) < 24 && Math.abs(g - 160) < 24 && Math.abs(b - 184) < 24;
      expect({ face: face || ground, a }, `${id}: ${[r, g, b, a].join(",")}`).toEqual({
        face: true,
        a: 255,
      });
    }
    expect(await page.evaluate(initialsShown, id)).toBe(0);
    await screenshot(page, context, width, `photos-${id}`);
  }
  expect(await page.evaluate(recaptchaBeforeTouch)).toEqual({
    notice: true,
    googleScripts: 0,
    googleFrames: 0,
  });
  // No problem includes no CSP violation under the keyed build's policy.
  await expectNoProblems(page);
}

async function checkInitials(
  page: EnginePage,
  width: number,
  context: Parameters<Journey["run"]>[1],
) {
  await page.goto(context.site);
  await scrollToBand(page, sectionIds.instructors);
  expect(await page.evaluate(initialsShown, sectionIds.instructors)).toBe(2);
  expect(await page.evaluate(photosOf, sectionIds.instructors)).toEqual([]);
  await screenshot(page, context, width, `initials-${sectionIds.instructors}`);
  await expectNoProblems(page);
}

export const photoJourneys: Journey[] = [desktop, phone].map((viewport) => ({
  name: "the instructor and testimonial cards show the operator's photos, or initials without",
  viewport,
  run: async (page, context) => {
    await checkPhotos(page, viewport.width, context);
    await checkInitials(page, viewport.width, context);
  },
}));
