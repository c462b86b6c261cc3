// Makes public/share-image.png, the 1200×630 picture that links to the site show on social
// networks and in chats (og:image, twitter:image). The design is plain HTML in the site's colours
// and font, filled from the content folder and photographed by Chromium.
// Usage: tsx scripts/make-share-image.ts   (run again after changing the program's content)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import { hero, offer, program } from "../src/content/program.ts";
import { site } from "../src/content/site.ts";
import { escapeHtml } from "../src/lib/escape-html.ts";
import { findBrowser } from "./find-browser.ts";

export const SHARE_IMAGE = { width: 1200, height: 630, file: "public/share-image.png" } as const;

export function shareImageHtml(fontDataUrl: string): string {
  const facts = [program.lengthWeeks, program.format, `Next class ${program.nextClassStart}`];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><style>
  @font-face { font-family: Inter; font-weight: 100 900; src: url(${fontDataUrl}) format("woff2"); }
  * { box-sizing: border-box; margin: 0; }
  body {
    width: ${SHARE_IMAGE.width}px; height: ${SHARE_IMAGE.height}px; overflow: hidden;
    font-family: Inter, sans-serif; color: #fff;
    background: linear-gradient(135deg, #1e3a8a 0%, #172554 100%);
    display: flex; flex-direction: column; justify-content: space-between; padding: 64px 72px;
  }
  .brand { font-size: 30px; font-weight: 700; letter-spacing: -0.01em; opacity: 0.92; }
  .brand span { display: inline-block; width: 14px; height: 14px; border-radius: 4px;
    background: #c2410c; margin-right: 14px; vertical-align: 2px; }
  h1 { font-size: 80px; line-height: 1.04; font-weight: 800; letter-spacing: -0.03em;
    max-width: 980px; }
  .tagline { margin-top: 24px; font-size: 30px; line-height: 1.35; max-width: 960px;
    color: rgba(255, 255, 255, 0.88); }
  .facts { display: flex; gap: 14px; padding: 0; }
  .facts li, .price { list-style: none; font-size: 24px; font-weight: 600; white-space: nowrap;
    padding: 12px 22px; border-radius: 999px; background: rgba(255, 255, 255, 0.12); }
  .price { background: #c2410c; margin-left: auto; }
  footer { display: flex; align-items: center; }
</style></head>
<body>
  <p class="brand"><span></span>${escapeHtml(site.brand)}</p>
  <div>
    <h1>${escapeHtml(program.name)}</h1>
    <p class="tagline">${escapeHtml(hero.tagline)}</p>
  </div>
  <footer>
    <ul class="facts">${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join("")}</ul>
    <p class="price">${escapeHtml(`${offer.price} ${offer.period}`)}</p>
  </footer>
</body></html>`;
}

async function main() {
  // The full latin Inter (the page's own file is a subset cut to the page's weights).
  const font = await readFile(
    path.resolve("node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  );
  const browser = await chromium.launch({ executablePath: findBrowser(), args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({
      viewport: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height },
      deviceScaleFactor: 1,
    });
    await page.setContent(shareImageHtml(`data:font/woff2;base64,${font.toString("base64")}`), {
      waitUntil: "load",
    });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: SHARE_IMAGE.file, type: "png" });
    console.log(`Wrote ${SHARE_IMAGE.file} (${SHARE_IMAGE.width}×${SHARE_IMAGE.height})`);
  } finally {
    await browser.close();
  }
}

await main();
