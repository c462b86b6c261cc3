// The operator's photos of people, end to end: a copy of the project gets photos the test draws
// (a phone photo with EXIF GPS and an orientation, a transparent PNG, a portrait, a landscape, an
// AVIF and one too small) named in src/content/people.ts, and is built as an operator builds.
// The page must show them sized, lazy and accessible, the files must carry no metadata, and a
// missing or broken photo must stop the build with one line and leave the previous dist/ alone.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import sharp from "sharp";
import { metadataIn } from "../scripts/people-photos/image-metadata.ts";
import { SECRETS } from "../scripts/people-photos/sample-photos.ts";
import { instructors, testimonials } from "../src/content/people.ts";
import { sectionIds } from "../src/content/sections.ts";
import { photoSizes } from "../src/lib/photo-sizes.ts";
import { axeViolations, viewports } from "./support/a11y.ts";
import { watchConsole } from "./support/console-watch.ts";
import { namePhotos, photoFiles, writeSamplePhoto } from "./support/people-photos.ts";
import { type PhotoSite, photoSite } from "./support/photo-site.ts";
import { type ServerProcess, startServer } from "./support/server-process.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const PHOTO_FILE = /^[a-z0-9-]+-(\d+)-[\w-]{8}\.(avif|webp)$/;

let built: PhotoSite | undefined;
let site: ServerProcess | undefined;
let dist = "";
let buildOutput = "";
let photoAssets: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  built = await photoSite();
  buildOutput = built.output;
  expect(built.code, built.output).toBe(0);
  dist = path.join(built.copy.dir, "dist");
  photoAssets = (await readdir(path.join(dist, "assets"))).filter((name) =>
    /\.(avif|webp)$/.test(name),
  );
  site = await startServer({ DIST_DIR: dist });
});

test.afterAll(async () => {
  await site?.stop();
  await built?.release();
});

const band = (page: Page, id: string) => page.locator(`#${id}`);

/** What the page's photos say about themselves once loaded. */
function photosIn(page: Page, id: string) {
  return band(page, id)
    .locator("picture")
    .evaluateAll((pictures) =>
      pictures.map((picture) => {
        const img = picture.querySelector("img") as HTMLImageElement;
        const box = img.getBoundingClientRect();
        return {
          source: picture.querySelector("source")?.getAttribute("type"),
          alt: img.getAttribute("alt"),
          loading: img.loading,
          decoding: img.decoding,
          attributes: [img.getAttribute("width"), img.getAttribute("height")],
          shown: [box.width, box.height],
          loaded: img.complete && img.naturalWidth > 0,
          natural: [img.naturalWidth, img.naturalHeight],
          current: img.currentSrc.split("/").pop(),
        };
      }),
    );
}

test("the build makes every named photo into AVIF and WebP at 1x and 2x, and warns of the small one", () => {
  // Two instructors and four students, four files each, hashed like every other asset.
  expect(photoAssets).toHaveLength(
    4 * (photoFiles.instructors.length + photoFiles.students.length),
  );
  for (const name of photoAssets) expect(name).toMatch(PHOTO_FILE);
  const warnings = buildOutput
    .split("\n")
    .filter((line) => line.startsWith("warning:") && line.includes("photo"));
  expect(warnings).toEqual([
    expect.stringMatching(
      /^warning: src\/assets\/people\/student-tiny\.jpg \(Robert Williams's photo\) is 60×60 px: the page shows it at 48 px/,
    ),
  ]);
});

test("each instructor's photo is at most 12 KB in AVIF at 2x", async () => {
  const large = photoAssets.filter(
    (name) => name.match(PHOTO_FILE)?.[1] === String(photoSizes.instructor * 2),
  );
  expect(large.filter((name) => name.endsWith(".avif"))).toHaveLength(instructors.length);
  for (const name of large) {
    const bytes = await readFile(path.join(dist, "assets", name));
    const info = await sharp(bytes).metadata();
    expect([info.width, info.height], name).toEqual([160, 160]);
    if (name.endsWith(".avif")) expect(bytes.length, name).toBeLessThanOrEqual(12_000);
  }
});

test("the built photos carry no metadata: no EXIF, no GPS position, no XMP, no colour profile", async () => {
  for (const name of photoAssets) {
    const bytes = await readFile(path.join(dist, "assets", name));
    expect(metadataIn(bytes), name).toEqual([]);
    const text = bytes.toString("latin1");
    for (const secret of Object.values(SECRETS)) expect(text, name).not.toContain(secret);
  }
});

/** Checks the photo cards of both bands as drawn at the page's width (scrolling to each). */
async function expectPhotoCards(page: Page, width: number) {
  for (const [id, people, size] of [
    [sectionIds.instructors, instructors, photoSizes.instructor],
    [sectionIds.testimonials, testimonials, photoSizes.student],
  ] as const) {
    await band(page, id).scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await photosIn(page, id)).every((photo) => photo.loaded))
      .toBe(true);
    const photos = await photosIn(page, id);
    expect(photos).toHaveLength(people.length);
    for (const photo of photos) {
      expect(photo).toMatchObject({
        source: "image/avif",
        alt: "",
        loading: "lazy",
        decoding: "async",
        attributes: [String(size), String(size)],
        shown: [size, size],
        // The browser took the AVIF at 1x (this screen has one device pixel per CSS pixel).
        natural: [size, size],
      });
      expect(photo.current).toMatch(new RegExp(`-${size}-[\\w-]{8}\\.avif$`));
    }
    // The photo replaces the drawn initials; the name stays the card's text.
    await expect(band(page, id).locator("[aria-hidden='true'].rounded-full")).toHaveCount(0);
    await band(page, id).screenshot({ path: test.info().outputPath(`${id}-${width}.png`) });
  }
}

/** Axe with both bands' photos loaded; a screen reader hears each instructor's name once. */
async function expectPhotosAccessible(page: Page, width: number) {
  expect(await axeViolations(page), `${width} px`).toEqual([]);
  // An empty alt: the photo is not announced, the name beside it is (once).
  await expect(band(page, sectionIds.instructors).getByRole("img")).toHaveCount(0);
  for (const person of instructors) {
    await expect(
      band(page, sectionIds.instructors).getByText(person.name, { exact: true }),
    ).toHaveCount(1);
  }
}

// The page is visited once per width, each check going on from where the last left it: a page
// load and its context cost more CPU than most checks on it. The phone's visit starts with the
// lazy loading, which needs the page as first loaded.
test("a visit at 375 px: no photo fetched before the visitor nears it, then the photos sized and accessible", async ({
  page,
}) => {
  const problems = watchConsole(page);
  const { width } = viewports.phone;
  await test.step("no photo is requested before the visitor scrolls near it", async () => {
    const requested: string[] = [];
    page.on("request", (request) => {
      if (/\.(avif|webp)$/.test(request.url())) {
        requested.push(request.url().split("/").pop() ?? "");
      }
    });
    await page.setViewportSize(viewports.phone);
    await page.goto(site?.base ?? "", { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    expect(requested, "photos fetched with the first screen").toEqual([]);
    // Not loaded yet, each photo's square is already reserved: nothing moves when it arrives.
    const waiting = await photosIn(page, sectionIds.instructors);
    for (const photo of waiting) expect(photo).toMatchObject({ loaded: false, shown: [80, 80] });
    await band(page, sectionIds.instructors).scrollIntoViewIfNeeded();
    await expect.poll(() => requested.length).toBeGreaterThanOrEqual(instructors.length);
    // Only the format and size the browser shows: AVIF at 1x.
    for (const name of requested) expect(name).toMatch(/-(80|48)-[\w-]{8}\.avif$/);
  });
  await test.step(`at ${width} px the cards show the photos square, sized and without a shift`, () =>
    expectPhotoCards(page, width));
  await test.step(`at ${width} px the page has no accessibility violation, and a screen reader hears each name once`, () =>
    expectPhotosAccessible(page, width));
  expect(problems).toEqual([]);
});

test("a visit at 1280 px: the photos sized and accessible", async ({ page }) => {
  const problems = watchConsole(page);
  const { width } = viewports.desktop;
  await page.setViewportSize(viewports.desktop);
  await page.goto(site?.base ?? "");
  await test.step(`at ${width} px the cards show the photos square, sized and without a shift`, () =>
    expectPhotoCards(page, width));
  await test.step(`at ${width} px the page has no accessibility violation, and a screen reader hears each name once`, () =>
    expectPhotosAccessible(page, width));
  expect(problems).toEqual([]);
});

test("the photos come with the year-long immutable cache, and the page's CSP lets them load", async ({
  request,
}) => {
  const name = photoAssets.find((file) => file.endsWith(".avif")) ?? "";
  const response = await request.get(`${site?.base}/assets/${name}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/avif");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const headers = await readFile(path.join(dist, "_headers"), "utf8");
  expect(headers).toContain("img-src 'self';");
});

test("the JSON-LD gives each instructor with a photo its image, an address that serves it", async ({
  request,
}) => {
  const html = await readFile(path.join(dist, "index.html"), "utf8");
  const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? "";
  const course = JSON.parse(json)["@graph"][1];
  const people = course.hasCourseInstance.instructor as { name: string; image?: string }[];
  expect(people.map((person) => person.name)).toEqual(instructors.map((person) => person.name));
  for (const person of people) {
    expect(person.image, person.name).toMatch(
      /^https:\/\/[^/]+\/assets\/instructor-[a-z-]+-160-[\w-]{8}\.webp$/,
    );
    const file = new URL(person.image ?? "").pathname;
    expect((await request.get(`${site?.base}${file}`)).status(), file).toBe(200);
  }
  // The share image stays the build's own.
  expect(course.image).toMatch(/\/share-image\.png$/);
});

/** The names and bytes of every file in dist/, to show a failed build changed nothing. */
async function fingerprint(dir: string): Promise<string> {
  const hash = createHash("sha256");
  for (const name of (await readdir(dir, { recursive: true })).sort()) {
    const bytes = await readFile(path.join(dir, name)).catch(() => Buffer.from("(folder)"));
    hash.update(`${name}\0`).update(bytes);
  }
  return hash.digest("hex");
}

// Both faults in one build (a failed build costs about 1.5 s of CPU): each must get its own line,
// and nothing else may be said, as when each was alone.
test("a missing photo and a PDF renamed .jpg stop the build with one line each naming the file, and dist/ stays as it was", async () => {
  if (!built) throw new Error("no project copy");
  const { copy } = built;
  const before = await fingerprint(dist);
  const [missing, renamedPdf] = ["daniel-carter.jpg", "cv.jpg"];
  await writeSamplePhoto(copy.dir, renamedPdf, "renamedPdf");
  await namePhotos(copy.dir, { instructors: [missing, renamedPdf], students: [] });
  const { code, output } = await copy.build();
  expect(code, output).toBe(1);
  const errors = output.split("\n").filter((line) => line.startsWith("error:"));
  const namedAs = (file: string, person: number) =>
    `error: src/assets/people/${file}, named as ${instructors[person]?.name}'s photo in src/content/people.ts,`;
  expect(errors).toEqual([
    `${namedAs(missing, 0)} is not there: put the photo in src/assets/people/ or correct the name.`,
    `${namedAs(renamedPdf, 1)} is not an image sharp can read: save it as JPEG, PNG, WebP or AVIF and build again.`,
  ]);
  expect(output).toContain("Build stopped before writing anything; dist/ is unchanged.");
  expect(await fingerprint(dist)).toBe(before);
});
