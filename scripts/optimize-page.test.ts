import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Manifest } from "vite";
import {
  deferBelowFirstScreen,
  handOverLoader,
  senderFiles,
  inlineFirstPaintScript,
  inlineScriptHashes,
  inlineStyleHashes,
  inlineStylesheets,
  islandFiles,
} from "./optimize-page.ts";

const page = `<html lang="en"><head>
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

describe("deferBelowFirstScreen", () => {
  it("links what only the bands after the hero's next one use, just before the third band", () => {
    const css = "@layer utilities{.a{color:red}.b{color:blue}.c{margin:0}}";
    const html = `<style>${css}</style><main><section class="a"></section><section class="a"></section><section class="c"></section></main>`;
    const { html: out, file } = deferBelowFirstScreen(html);
    expect(file?.name).toMatch(/^assets\/below-first-screen-[\w-]{8}\.css$/);
    expect(file?.css).toContain(".c{margin:0}");
    expect(out).toContain(
      `<section class="a"></section><link rel="stylesheet" href="/${file?.name}"><section class="c">`,
    );
    expect(out).toContain("<style>@layer utilities{.a{color:red}}</style>");
  });

  it("leaves a page without the bands as it is", () => {
    const html = "<style>.a{color:red}</style><main><section></section></main>";
    expect(deferBelowFirstScreen(html)).toEqual({ html });
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

describe("inlineScriptHashes", () => {
  it("hashes classic inline scripts, not JSON-LD data blocks nor scripts with a src", () => {
    const js = "(function(){})()";
    const expected = createHash("sha256").update(js).digest("base64");
    const html = `<script>${js}</script><script type="application/ld+json">{}</script><script type="module" src="/a.js"></script>`;
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${expected}'`]);
  });
});

describe("inlineFirstPaintScript", () => {
  it("puts the script where index.html marks its place", () => {
    expect(inlineFirstPaintScript("<head><!--first-paint--></head>", "go()")).toBe(
      "<head><script>go()</script></head>",
    );
  });

  it("refuses a template without the mark, rather than ship a page that waits for React", () => {
    expect(() => inlineFirstPaintScript("<head></head>", "go()")).toThrow(/first-paint/);
  });
});

describe("islandFiles", () => {
  const manifest: Manifest = {
    "index.html": { file: "assets/index-1.js", isEntry: true },
    "src/entry-client.tsx": {
      file: "assets/entry-client-1.js",
      imports: ["_shared-1.js", "_react-1.js"],
      isEntry: true,
    },
    "_shared-1.js": { file: "assets/shared-1.js" },
    "_react-1.js": { file: "assets/react-1.js", imports: ["_shared-1.js"] },
  };

  it("lists the islands' entry first, then every file it imports, once", () => {
    expect(islandFiles(manifest, "src/entry-client.tsx", "index.html")).toEqual([
      "/assets/entry-client-1.js",
      "/assets/shared-1.js",
      "/assets/react-1.js",
    ]);
  });

  it("refuses a loader that imports a chunk: it would be a second script before any use", () => {
    const sharing = { ...manifest, "index.html": { file: "a.js", imports: ["_shared-1.js"] } };
    expect(() => islandFiles(sharing, "src/entry-client.tsx", "index.html")).toThrow(
      /share no module/,
    );
  });

  it("refuses a chunk that imports the islands' entry: a retried import would load it twice", () => {
    const importing = {
      ...manifest,
      "src/sender.ts": { file: "assets/sender-1.js", imports: ["src/entry-client.tsx"] },
    };
    expect(() => islandFiles(importing, "src/entry-client.tsx", "index.html")).toThrow(
      /src\/sender.ts import src\/entry-client.tsx/,
    );
  });

  it("refuses an entry the manifest does not know", () => {
    expect(() => islandFiles(manifest, "src/missing.tsx", "index.html")).toThrow(/no src/);
  });
});

describe("senderFiles", () => {
  const manifest: Manifest = {
    "src/entry-client.tsx": { file: "assets/islands-1.js", imports: ["_keep-1.js"], isEntry: true },
    "src/sender.ts": { file: "assets/sender-1.js", imports: ["_keep-1.js"], isEntry: true },
    "_keep-1.js": { file: "assets/keep-1.js" },
    "src/react-sender.ts": {
      file: "assets/react-sender-1.js",
      imports: ["src/entry-client.tsx"],
      isEntry: true,
    },
  };

  it("lists the sender's file, then those it imports, shared with the islands or not", () => {
    expect(senderFiles(manifest, "src/sender.ts", "src/entry-client.tsx")).toEqual([
      "/assets/sender-1.js",
      "/assets/keep-1.js",
    ]);
  });

  it("refuses a sender that imports the islands' code, or that is no entry", () => {
    expect(() => senderFiles(manifest, "src/react-sender.ts", "src/entry-client.tsx")).toThrow(
      /must not wait for React/,
    );
    expect(() => senderFiles(manifest, "_keep-1.js", "src/entry-client.tsx")).toThrow(/no entry/);
  });
});

describe("handOverLoader", () => {
  const none = { sender: [], emailOrigin: null };

  it("takes the loader's tag out and names it and the islands' files on <html>", () => {
    const html = handOverLoader(page, ["/assets/a.js", "/assets/b.js"], none);
    expect(html).toContain(
      '<html data-loader="/assets/loader-1.js" data-islands="/assets/a.js /assets/b.js" lang="en">',
    );
    expect(html).not.toContain("<script");
  });

  it("names the sender's files and the email service's origin, when there is one", () => {
    const registration = { sender: ["/assets/s.js"], emailOrigin: "https://api.emailjs.com" };
    expect(handOverLoader(page, ["/assets/a.js"], registration)).toContain(
      'data-islands="/assets/a.js" data-sender="/assets/s.js" data-email-origin="https://api.emailjs.com" lang="en">',
    );
  });

  it("refuses a page without exactly one module script", () => {
    expect(() => handOverLoader("<html><head></head>", [], none)).toThrow(/one module script/);
    const two = page.replace("</head>", '<script type="module" src="/b.js"></script></head>');
    expect(() => handOverLoader(two, [], none)).toThrow(/not 2/);
  });
});
