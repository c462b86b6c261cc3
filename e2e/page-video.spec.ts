// The video facade: until the visitor presses play, the page asks nothing of YouTube, Google or
// their image hosts; the poster is our own file. After the click, the youtube-nocookie player
// loads (answered locally here, so the test never touches the network).
import { type Page, type Request } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { video } from "../src/content/program.ts";
import { watchConsole } from "./support/console-watch.ts";
import { boxOf, openHydratedPage, scrollThroughPage } from "./support/page.ts";

const thirdParty = /youtube|youtu\.be|ytimg|google|gstatic|doubleclick/i;

/** Every request the page makes, from the first. Third-party ones never reach the network. */
async function recordRequests(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  await page.route(thirdParty, (route) =>
    route.request().url().startsWith("https://www.youtube-nocookie.com/embed/")
      ? route.fulfill({
          contentType: "text/html; charset=utf-8",
          body: "<!doctype html><html lang='en'><title>Player</title><p>Video player</p></html>",
        })
      : route.abort(),
  );
  return requests;
}

const playButton = (page: Page) => page.getByRole("button", { name: video.playLabel });

test("nothing is fetched from YouTube or Google before the play button is pressed", async ({
  page,
}) => {
  const requests = await recordRequests(page);
  await openHydratedPage(page);
  await scrollThroughPage(page);
  await playButton(page).scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  const origin = new URL(page.url()).origin;
  const foreign = requests.map((request) => request.url()).filter((url) => !url.startsWith(origin));
  expect(foreign).toEqual([]);
  expect(requests.filter((request) => thirdParty.test(request.url()))).toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("the poster is a sized local image that loads lazily under a labelled play button", async ({
  page,
}) => {
  await openHydratedPage(page);
  const poster = playButton(page).locator("img");
  await expect(poster).toHaveAttribute("loading", "lazy");
  await expect(poster).toHaveAttribute("alt", "");
  await expect(poster).toHaveAttribute("width", /^\d+$/);
  await expect(poster).toHaveAttribute("height", /^\d+$/);
  const src = (await poster.getAttribute("src")) ?? "";
  expect(new URL(src, page.url()).origin).toBe(new URL(page.url()).origin);
  // Far below the first screen, the lazy poster has not loaded yet; its frame is already 16:9.
  const before = await boxOf(playButton(page));
  expect(before.width / before.height).toBeCloseTo(16 / 9, 1);
  await playButton(page).scrollIntoViewIfNeeded();
  await expect
    .poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  // The image arriving changes nothing: same size, so nothing below moves.
  const after = await boxOf(playButton(page));
  expect([after.width, after.height]).toEqual([before.width, before.height]);
});

test("pressing play swaps the poster for the youtube-nocookie player", async ({ page }) => {
  const problems = watchConsole(page);
  const requests = await recordRequests(page);
  await openHydratedPage(page);
  const before = requests.length;
  await playButton(page).click();
  const frame = page.locator(`iframe[title="${video.iframeTitle}"]`);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute(
    "src",
    new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${video.youtubeId}\\b`),
  );
  await expect(playButton(page)).toHaveCount(0);
  await expect(page.frameLocator("iframe").getByText("Video player")).toBeVisible();
  const after = requests.slice(before).map((request) => request.url());
  expect(after.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/"))).toBe(true);
  expect(problems).toEqual([]);
});

test("the subscribe link opens the channel in a new tab", async ({ page }) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: video.subscribeLabel });
  await expect(link).toHaveAttribute("href", video.channelHref);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
});
