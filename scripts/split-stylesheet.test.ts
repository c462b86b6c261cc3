import { describe, expect, it } from "vitest";
import { splitStylesheet } from "./split-stylesheet.ts";

const css = [
  "@layer theme,base,utilities;",
  "@layer base{*{margin:0}button{font:inherit}input{color:red}textarea{resize:vertical}:focus-visible{color:blue}}",
  "@layer utilities{.p-4{padding:1rem}.flex{display:flex}.grid{display:grid}.mt-2{margin-top:.5rem}",
  "@media (width>=48rem){.md\\:p-8{padding:2rem}.md\\:grid{display:grid}}}",
].join("");

describe("splitStylesheet", () => {
  it("keeps inline what the markup above uses, and defers the rest with the media it is in", () => {
    const { critical, deferred } = splitStylesheet(css, '<header class="flex p-4 md:p-8"><button>');
    expect(critical).toMatch(/^@layer theme\b/);
    expect(critical).toContain(".flex{");
    expect(critical).toContain("button{");
    expect(critical).not.toContain(".grid{");
    expect(deferred).toContain(".grid{display:grid}");
    expect(deferred).toMatch(/@media \(width>=48rem\)\{\.md\\:grid\{display:grid\}\}/);
    // Fields are not above: their base rules wait too, and no empty block is left behind.
    expect(deferred).toContain("textarea{resize:vertical}");
    expect(critical).not.toContain("textarea");
    expect(deferred).not.toContain("@layer theme");
    expect(critical).not.toMatch(/\{\}/);
  });

  it("repeats after a deferred rule every inline rule that may override it", () => {
    // p-4 waits; md:p-8, inline and after it, sets padding too: the file repeats it after p-4,
    // so an element below with both still gets 2rem at 48rem. flex (display) does not repeat.
    const { critical, deferred } = splitStylesheet(css, '<p class="md:p-8 flex grid">');
    expect(critical).toContain(".md\\:p-8{");
    expect(deferred.indexOf(".md\\:p-8{")).toBeGreaterThan(deferred.indexOf(".p-4{"));
    expect(deferred).not.toContain(".flex");
    // A field's base rule waits; :focus-visible, for any element and after it, repeats.
    expect(deferred).toMatch(/input\{color:red\}.*:focus-visible\{color:#00f\}/);
  });
});
