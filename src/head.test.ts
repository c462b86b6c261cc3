import { describe, expect, it } from "vitest";
import { hero, program } from "./content/program.ts";
import { site } from "./content/site.ts";
import { pageTitle, renderData, renderHead, shareImage, siteUrl } from "./head.ts";
import { escapeHtml } from "./lib/escape-html.ts";

/** The content attribute of the meta tag with `key` as its name or property. */
function metaContent(head: string, key: string): string | undefined {
  const match = head.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`));
  return match?.[1];
}

describe("renderHead", () => {
  const head = renderHead("https://learn.example.org/");

  it("titles and describes the page from the content folder", () => {
    expect(head).toContain(`<title>${escapeHtml(pageTitle)}</title>`);
    expect(pageTitle).toBe(`${program.name} | ${site.brand}`);
    expect(metaContent(head, "description")).toBe(escapeHtml(hero.tagline));
  });

  it("points the canonical URL and the share tags at the configured base URL", () => {
    expect(head).toContain('<link rel="canonical" href="https://learn.example.org/" />');
    expect(metaContent(head, "og:url")).toBe("https://learn.example.org/");
    expect(metaContent(head, "og:image")).toBe("https://learn.example.org/share-image.png");
    expect(metaContent(head, "twitter:image")).toBe("https://learn.example.org/share-image.png");
  });

  it("describes a 1200×630 share image for a large Twitter card", () => {
    expect(metaContent(head, "og:image:width")).toBe("1200");
    expect(metaContent(head, "og:image:height")).toBe("630");
    expect(metaContent(head, "og:image:alt")).toBe(escapeHtml(shareImage.alt));
    expect(metaContent(head, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(head, "og:title")).toBe(escapeHtml(program.name));
  });

  it("escapes markup in content so it stays text", () => {
    expect(escapeHtml(`<b title="x">R&D's</b>`)).toBe(
      "&lt;b title=&quot;x&quot;&gt;R&amp;D&#39;s&lt;/b&gt;",
    );
    expect(head.split("<script")[0]).not.toContain("SQL & Cloud");
  });

  it("leaves the JSON-LD to the end of the body, and renderData carries exactly one block", () => {
    expect(head).not.toContain("application/ld+json");
    const data = renderData("https://learn.example.org/");
    expect(data.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
  });

  it.skipIf(Boolean(import.meta.env.VITE_SITE_URL))(
    "uses the content's URL when VITE_SITE_URL is not set",
    () => {
      expect(siteUrl).toBe(`${site.url}/`);
      expect(renderHead()).toContain(`<link rel="canonical" href="${site.url}/" />`);
    },
  );
});
