import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineStyleHashes, inlineStylesheets, lowerScriptPriority } from "./optimize-page.ts";

const page = `<head>
    <script type="module" crossorigin src="/assets/loader-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>`;

describe("inlineStylesheets", () => {
  it("puts the stylesheet's text in a style element in place of the link", async () => {
    const { html, inlined } = await inlineStylesheets(page, async (href) =>
      href === "/assets/index-1.css" ? "body{color:red}\n" : "",
    );
    expect(html).toContain("<style>body{color:red}</style>");
    expect(html).not.toContain("<link");
    expect(inlined).toEqual(["/assets/index-1.css"]);
  });

  it("refuses a stylesheet that would close the style element early", async () => {
    await expect(inlineStylesheets(page, async () => "a{}</style><script>")).rejects.toThrow(
      /cannot be inlined/,
    );
  });
});

describe("lowerScriptPriority", () => {
  it("marks module scripts low priority, once", () => {
    const once = lowerScriptPriority(page);
    expect(once).toContain('<script type="module" fetchpriority="low" crossorigin src=');
    expect(lowerScriptPriority(once)).toBe(once);
  });
});

describe("inlineStyleHashes", () => {
  it("gives the sha256 source of each inline style, as CSP computes it over the exact text", () => {
    const css = "body{color:red}";
    const expected = createHash("sha256").update(css).digest("base64");
    expect(inlineStyleHashes(`<style>${css}</style><p>`)).toEqual([`'sha256-${expected}'`]);
    expect(inlineStyleHashes("<p>no styles</p>")).toEqual([]);
  });
});
