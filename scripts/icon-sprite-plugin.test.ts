import { describe, expect, it } from "vitest";
import { brandGlyphs, filledGlyphs, lucideGlyphs } from "../src/ui/icon-glyphs.ts";
import { makeIconSprite } from "./icon-sprite-plugin.ts";

const sprite = makeIconSprite();
const symbolOf = (id: string) =>
  sprite.match(new RegExp(`<symbol id="${id}" viewBox="0 0 24 24">(.*?)</symbol>`))?.[1];

describe("makeIconSprite", () => {
  it("draws every glyph once, as a symbol of its own", () => {
    const names = [...Object.keys(lucideGlyphs), ...Object.keys(brandGlyphs)];
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id);
    expect(ids).toEqual(names);
    for (const name of names) expect(symbolOf(name), name).toMatch(/<path|<circle|<rect/);
  });

  it("keeps lucide's strokes and drops its class names", () => {
    expect(symbolOf("database")).toContain('stroke="currentColor"');
    expect(sprite).not.toMatch(/\sclass=|aria-hidden/);
  });

  it("lets the filled glyphs take the fill of the icon that shows them", () => {
    for (const name of filledGlyphs) expect(symbolOf(name), name).toContain('fill="inherit"');
    expect(symbolOf("check")).toContain('fill="none"');
    expect(symbolOf("youtube")).toContain('fill="currentColor"');
  });
});
