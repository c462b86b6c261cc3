// Search and sharing: the head tags, the share image, the JSON-LD (parsed from the built page and
// checked against the content folder), robots.txt and sitemap.xml.
import type { Page } from "@playwright/test";
import { instructors, testimonials } from "../src/content/people.ts";
import { curriculum, hero, offer, program } from "../src/content/program.ts";
import { site } from "../src/content/site.ts";
import { buildStructuredData } from "../src/structured-data.ts";
import { expect, test } from "./support/test.ts";

// The built page as a crawler gets it: no JavaScript (one load per worker, only read here).

const meta = (page: Page, key: string) =>
  page.locator(`head meta[name="${key}"], head meta[property="${key}"]`).getAttribute("content");

async function canonicalUrl(page: Page): Promise<string> {
  const href = await page.locator('head link[rel="canonical"]').getAttribute("href");
  expect(href, "canonical URL").toMatch(/^https?:\/\/[^/]+\/.*$/);
  return href ?? "";
}

type Graph = ReturnType<typeof buildStructuredData>;

async function structuredData(page: Page): Promise<Graph> {
  const blocks = page.locator('script[type="application/ld+json"]');
  await expect(blocks).toHaveCount(1);
  return JSON.parse((await blocks.textContent()) ?? "") as Graph;
}

test("the title, description and canonical URL come from the content folder", async ({
  staticPage: page,
}) => {
  await expect(page).toHaveTitle(`${program.name} | ${site.brand}`);
  expect(await meta(page, "description")).toBe(hero.tagline);
  const canonical = await canonicalUrl(page);
  expect(canonical.endsWith("/")).toBe(true);
  if (!process.env.VITE_SITE_URL) expect(canonical).toBe(`${site.url}/`);
});

test("the share tags describe the page with a large image at the base URL", async ({
  staticPage: page,
}) => {
  const canonical = await canonicalUrl(page);
  expect(await meta(page, "og:url")).toBe(canonical);
  expect(await meta(page, "og:type")).toBe("website");
  expect(await meta(page, "og:title")).toBe(program.name);
  expect(await meta(page, "og:description")).toBe(hero.tagline);
  expect(await meta(page, "og:site_name")).toBe(site.brand);
  expect(await meta(page, "og:image")).toBe(`${canonical}share-image.png`);
  expect(await meta(page, "og:image:width")).toBe("1200");
  expect(await meta(page, "og:image:height")).toBe("630");
  expect(await meta(page, "og:image:alt")).toContain(program.name);
  expect(await meta(page, "twitter:card")).toBe("summary_large_image");
  expect(await meta(page, "twitter:image")).toBe(`${canonical}share-image.png`);
});

test("the share image is a real 1200×630 PNG", async ({ request, staticPage: page }) => {
  const imagePath = new URL((await meta(page, "og:image")) ?? "").pathname;
  const response = await request.get(imagePath);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const png = await response.body();
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  // The IHDR chunk holds the width and the height as big-endian 32-bit numbers.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("the JSON-LD is exactly what the content folder describes", async ({ staticPage: page }) => {
  expect(await structuredData(page)).toEqual(buildStructuredData(await canonicalUrl(page)));
});

test("the JSON-LD names the school, the course, its price and its next class", async ({
  staticPage: page,
}) => {
  const data = await structuredData(page);
  expect(data["@context"]).toBe("https://schema.org");
  const [organization, course] = data["@graph"];
  expect(organization).toMatchObject({ "@type": "EducationalOrganization", name: site.brand });
  expect(course).toMatchObject({
    "@type": "Course",
    name: program.name,
    provider: { "@id": organization["@id"] },
    teaches: curriculum.map((item) => item.title),
  });
  expect(course.offers).toMatchObject({ category: "Paid" });
  expect(course.offers, "a monthly price must not read as the course's total").not.toHaveProperty(
    "price",
  );
  expect(course.offers.priceSpecification[0]).toMatchObject({
    "@type": "UnitPriceSpecification",
    price: offer.price,
    priceCurrency: offer.currency,
    referenceQuantity: { value: 1, unitCode: "MON" },
    billingDuration: `P${program.months}M`,
  });
  expect(course.hasCourseInstance).toMatchObject({
    "@type": "CourseInstance",
    courseMode: "Online",
    startDate: program.nextClassStart,
    duration: `P${program.weeks}W`,
    courseSchedule: { repeatFrequency: "Weekly", repeatCount: program.weeks },
  });
  expect(course.hasCourseInstance.instructor.map((person) => person.name)).toEqual(
    instructors.map((person) => person.name),
  );
  expect(course.review.map((review) => review.reviewBody)).toEqual(
    testimonials.map((story) => story.content),
  );
  expect(organization).not.toHaveProperty("review");
});

test("robots.txt allows crawling and points at the sitemap", async ({
  request,
  staticPage: page,
}) => {
  const canonical = await canonicalUrl(page);
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const robots = await response.text();
  expect(robots).toContain("User-agent: *\nAllow: /");
  expect(robots).toContain(`Sitemap: ${canonical}sitemap.xml`);
});

test("sitemap.xml lists the page at its canonical URL", async ({ request, staticPage: page }) => {
  const canonical = await canonicalUrl(page);
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  expect(xml.match(/<loc>(.*?)<\/loc>/g)).toEqual([`<loc>${canonical}</loc>`]);
});
