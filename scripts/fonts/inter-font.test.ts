import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { interSource, makeInterSubset, missingCharacters, subsetCharacters } from "./inter-font.ts";

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
