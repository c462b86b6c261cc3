// The page's icon sprite (src/ui/icon-glyphs.ts): `virtual:icon-sprite.svg` resolves to an SVG
// file of <symbol>s drawn here at build time, which Vite then emits like any imported asset,
// under the same hashed name in the client and the server bundle (src/ui/icons.tsx uses it).
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";
import { brandGlyphs, filledGlyphs, lucideGlyphs } from "../src/ui/icon-glyphs.ts";

export const ICON_SPRITE = "virtual:icon-sprite.svg";

const symbol = (id: string, inner: string) =>
  `<symbol id="${id}" viewBox="0 0 24 24">${inner}</symbol>`;

/** The sprite: each lucide icon as lucide draws it (its own <svg>, less its class), each brand glyph as a path. */
export function makeIconSprite(): string {
  const lucide = Object.entries(lucideGlyphs).map(([name, Glyph]) => {
    // fill="inherit": the glyph takes the `fill` of the icon that shows it.
    const props = filledGlyphs.has(name) ? { fill: "inherit" } : {};
    const svg = renderToStaticMarkup(createElement(Glyph, props));
    return symbol(name, svg.replace(/ (class|aria-hidden)="[^"]*"/g, ""));
  });
  const brands = Object.entries(brandGlyphs).map(([name, d]) =>
    symbol(name, `<path fill="currentColor" d="${d}"/>`),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${[...lucide, ...brands].join("")}</svg>\n`;
}

/** Writes the sprite whole or not at all: builds of project copies share node_modules/.vite. */
async function writeSprite(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, makeIconSprite());
  await rename(partial, file);
  return file;
}

export function iconSprite(): Plugin {
  let file = "";
  // Drawn once per build (or per start of `npm run dev`: a glyph added meanwhile needs a restart).
  let written: Promise<string> | undefined;
  return {
    name: "icon-sprite",
    enforce: "pre",
    configResolved(config) {
      file = path.join(config.cacheDir, "icon-sprite", "icons.svg");
    },
    resolveId(source) {
      if (source !== ICON_SPRITE) return;
      written ??= writeSprite(file);
      return written;
    },
  };
}
