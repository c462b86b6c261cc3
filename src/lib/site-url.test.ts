import { describe, expect, it } from "vitest";
import { absoluteUrl, resolveSiteUrl } from "./site-url.ts";

describe("resolveSiteUrl", () => {
  it("uses the configured URL when one is set", () => {
    expect(resolveSiteUrl("https://learn.example.org", "https://fallback.example")).toBe(
      "https://learn.example.org/",
    );
  });

  it("falls back to the content's URL when the variable is unset or blank", () => {
    expect(resolveSiteUrl(undefined, "https://fallback.example")).toBe("https://fallback.example/");
    expect(resolveSiteUrl("  ", "https://fallback.example")).toBe("https://fallback.example/");
  });

  it("keeps a sub-path and ends it with a slash, dropping query and hash", () => {
    expect(resolveSiteUrl("https://example.org/bootcamp?x=1#top", "https://f.example")).toBe(
      "https://example.org/bootcamp/",
    );
  });

  it("rejects a value that is not an absolute http(s) URL", () => {
    expect(() => resolveSiteUrl("bootcamp.example.com", "https://f.example")).toThrow(/absolute/);
    expect(() => resolveSiteUrl("ftp://example.org", "https://f.example")).toThrow(/http/);
  });
});

describe("absoluteUrl", () => {
  it("resolves files and fragments against the base URL", () => {
    expect(absoluteUrl("https://example.org/camp/", "share-image.png")).toBe(
      "https://example.org/camp/share-image.png",
    );
    expect(absoluteUrl("https://example.org/camp/", "/sitemap.xml")).toBe(
      "https://example.org/camp/sitemap.xml",
    );
    expect(absoluteUrl("https://example.org/", "#registration")).toBe(
      "https://example.org/#registration",
    );
  });
});
