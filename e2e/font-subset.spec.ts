// The self-hosted Inter is cut at build time to the content's characters. A character outside it
// would show in the fallback face in the middle of a word, so every text the page can show
// (the rendered page, and the toasts and banner it shows later) must be in the built font.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { contentStrings } from "../scripts/content-text.ts";
import { builtFontFile } from "../scripts/derived-assets.ts";
import { missingCharacters } from "../scripts/fonts/inter-font.ts";
import { pageText } from "../scripts/page-text.ts";

const distDir = path.resolve(process.env.DIST_DIR ?? "dist");

test("every character the page can show is in the self-hosted Inter subset", async () => {
  const html = await readFile(path.join(distDir, "index.html"), "utf8");
  const font = await readFile(await builtFontFile(distDir));
  const text = [pageText(html), ...contentStrings()].join(" ");
  expect(await missingCharacters(font, text), "the build cuts Inter to the content").toEqual([]);
  // And nothing that is not there: a character the font lacks is reported.
  expect(await missingCharacters(font, "\u4e2d")).toEqual(["\u4e2d"]);
});
