import { describe, expect, it } from "vitest";
import { splitStylesheet } from "./split-stylesheet.ts";

const css = [
  "@layer theme,base,utilities;",
  "@layer base{*{margin:0}button{font:inherit}textarea{resize:vertical}input{color:red}:focus-visible{color:blue}}",
  "@layer utilities{.p-4{padding:1rem}.flex{display:flex}.grid{display:grid}.mt-2{margin-top:.5rem}",
  "@media (width>=48rem){.md\\:p-8{padding:2rem}.md\\:grid{display:grid}}}",
].join("");

describe("splitStylesheet", () => {
  it("keeps inline what the markup above uses, and defers the rest with the media it is in", () => {
    const { critical, deferred } = splitStylesheet(css, '<header class="flex p-4"><button>', [
      ["grid", "md:grid"],
    ]);
    expect(critical).toContain(".flex{");
    expect(critical).toContain(".p-4{");
    expect(critical).toContain("button{");
    expect(critical).toMatch(/^@layer theme\b/);
    expect(critical).not.toContain(".grid{");
    expect(deferred).toContain(".grid{display:grid}");
    expect(deferred).toMatch(/@media \(width>=48rem\)\{.*\.md\\:grid\{display:grid\}/);
    // Fields are not above: their base rules wait too, and no empty block is left behind.
    expect(deferred).toContain("textarea{resize:vertical}");
    expect(critical).not.toContain("textarea");
    expect(deferred).not.toContain("@layer theme");
    expect(critical).not.toMatch(/\{\}/);
  });

  it("keeps inline a rule that an inline rule after it overrides on an element below", () => {
    // Below, an element has p-4 (inline, earlier) and md:p-8 (only below): md:p-8 comes after,
    // so it may go. With mt-2 below-only and an inline rule after it of another property, too.
    const below = [["p-4", "md:p-8", "mt-2"]];
    expect(splitStylesheet(css, '<p class="p-4">', below).deferred).toContain(".md\\:p-8{");
    // md:p-8 above, p-4 only below: p-4 moved after md:p-8 would win at 48rem, so it stays.
    const pinned = splitStylesheet(css, '<p class="md:p-8">', [["p-4", "md:p-8"]]);
    expect(pinned.critical).toContain(".p-4{");
    expect(pinned.deferred).not.toContain(".p-4{");
    // input's color is overridden by :focus-visible, a later base rule for any element.
    expect(splitStylesheet(css, "<p>", []).critical).toContain("input{color:red}");
  });
});
