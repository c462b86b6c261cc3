import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  fallbackFaces,
  interSource,
  makeInterSubset,
  missingCharacters,
  subsetCharacters,
} from "./inter-font.ts";

const root = process.cwd();

describe("subsetCharacters", () => {
  it("keeps what a visitor types plus every character of the text, once each", () => {
    const kept = subsetCharacters("Sofía Núñez Sofía");
    for (const char of "aZ@09.-íúñ") expect(kept).toContain(char);
    expect(kept.match(/í/g)).toHaveLength(1);
  });
});

// Cutting a variable font in WebAssembly takes seconds on a busy machine.
describe("makeInterSubset", { timeout: 60_000 }, () => {
  it("cuts Inter to the text's characters, accents included", async () => {
    const font = await makeInterSubset(root, "Sofía Núñez");
    expect(await missingCharacters(font, "Sofía Núñez $549 — €")).toEqual([]);
    expect(await missingCharacters(font, "ÿŁ")).toEqual(["ÿ", "Ł"]);
  });

  it("is smaller than the font it is cut from", async () => {
    const source = await readFile(interSource);
    expect((await makeInterSubset(root, "")).byteLength).toBeLessThan(source.byteLength / 2);
  });
});

describe("fallbackFaces", { timeout: 60_000 }, () => {
  // The numbers the hand-written sfnt reader gave before fontkit read the fonts: the same faces,
  // so the page lays out exactly as before.
  it("sizes Arial / Liberation Sans to Inter's width and line metrics for the sample", async () => {
    const sample = "Learn SQL and cloud databases in 12 weeks — Sofía Núñez, $549 €";
    expect(await fallbackFaces(root, sample)).toBe(
      `@font-face {
  font-family: "Inter Fallback";
  font-weight: 100 500;
  src: local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans");
  size-adjust: 105.09%;
  ascent-override: 92.18%;
  descent-override: 22.95%;
  line-gap-override: 0.00%;
}
@font-face {
  font-family: "Inter Fallback";
  font-weight: 600 900;
  src: local("Arial Bold"), local("Arial-BoldMT"), local("Liberation Sans Bold"), local("LiberationSans-Bold");
  size-adjust: 102.34%;
  ascent-override: 94.66%;
  descent-override: 23.57%;
  line-gap-override: 0.00%;
}`,
    );
  });
});
