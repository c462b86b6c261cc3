// The video facade: until the visitor presses play, the page asks nothing of YouTube, Google or
// their image hosts; the poster is our own file. After the click, the youtube-nocookie player
// loads (answered locally here, so the test never touches the network).
//
// The checks that act on the page are one visit, each a step, because a page load and hydration
// cost more CPU than the checks: the poster is looked at, the whole page read, and only then is
// play pressed, so the record of requests covers the whole time up to the press. The subscribe
// link, only read, takes the worker's shared page as served.
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

test("the video from the first load to play: the poster, nothing fetched, then the player", async ({
  page,
}) => {
  // Everything the page logs and asks for, from the first request to the end of the visit.
  const problems = watchConsole(page);
  const requests = await recordRequests(page);
  await openHydratedPage(page);
  const poster = playButton(page).locator("img");

  // First, on the page as loaded: the poster must not have been near the view yet.
  await test.step("the poster is a sized local image that loads lazily under a labelled play button", async () => {
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
      .poll(() =>
        poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);
    // The image arriving changes nothing: same size, so nothing below moves.
    const after = await boxOf(playButton(page));
    expect([after.width, after.height]).toEqual([before.width, before.height]);
  });

  // The walk goes from the top to the bottom whatever the view the last step left (it scrolls to
  // absolute positions), and the requests are those since the first, the poster's among them.
  await test.step("nothing is fetched from YouTube or Google before the play button is pressed", async () => {
    await scrollThroughPage(page);
    await playButton(page).scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    const origin = new URL(page.url()).origin;
    const foreign = requests
      .map((request) => request.url())
      .filter((url) => !url.startsWith(origin));
    expect(foreign).toEqual([]);
    expect(requests.filter((request) => thirdParty.test(request.url()))).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);
  });

  // Pressed with the button in view and its poster loaded, where a fresh page pressed it from the
  // top: the click scrolls it into view either way, and the swap must not depend on the poster.
  await test.step("pressing play swaps the poster for the youtube-nocookie player", async () => {
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
    expect(after.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/"))).toBe(
      true,
    );
    // Over the whole visit, the walk through the page included: more than the old test's span.
    expect(problems).toEqual([]);
  });
});

test("the subscribe link opens the channel in a new tab", async ({ servedPage: page }) => {
  const link = page.getByRole("link", { name: video.subscribeLabel });
  await expect(link).toHaveAttribute("href", video.channelHref);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
});
