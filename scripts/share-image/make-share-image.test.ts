import { describe, expect, it } from "vitest";
import { hero, offer, offerText, program } from "../../src/content/program.ts";
import { site } from "../../src/content/site.ts";
import { makeShareImage, svgTextContent } from "./make-share-image.ts";
import { shareImageTexts } from "./share-image-layout.ts";

/** satori writes each word (and each space) as its own <text>: compare without spaces. */
const squash = (text: string) => text.replace(/\s+/g, "");

describe("makeShareImage", () => {
  const image = makeShareImage(process.cwd());

  it("paints a 1200×630 PNG", async () => {
    const { png } = await image;
    const header = Buffer.from(png);
    expect(header.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([header.readUInt32BE(16), header.readUInt32BE(20)]).toEqual([1200, 630]);
  }, 30_000);

  it("shows the brand, the program, its facts and the price from the content", async () => {
    const shown = squash(svgTextContent((await image).svgText));
    const texts = shareImageTexts();
    expect(texts).toEqual({
      brand: site.brand,
      title: program.name,
      tagline: hero.tagline,
      facts: [...hero.facts],
      price: `${offerText.price} ${offer.period}`,
    });
    for (const text of [texts.brand, texts.title, texts.tagline, ...texts.facts, texts.price]) {
      expect(shown).toContain(squash(text));
    }
  }, 30_000);
});

describe("svgTextContent", () => {
  it("reads the text nodes in order and decodes entities", () => {
    const svg = '<svg><text x="1">SQL</text><path/><text>&amp;</text><text>Cloud</text></svg>';
    expect(svgTextContent(svg)).toBe("SQL & Cloud");
  });
});
