import { describe, expect, it } from "vitest";
import { parseHeadersFile } from "../server/headers-file.ts";
import { headerRules } from "../server/security-headers.ts";
import { deployFiles, robotsTxt, sitemapXml } from "./deploy-files.ts";

describe("robotsTxt", () => {
  it("allows every crawler and points at the sitemap under the base URL", () => {
    expect(robotsTxt("https://learn.example.org/camp/")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://learn.example.org/camp/sitemap.xml\n",
    );
  });
});

describe("sitemapXml", () => {
  it("lists the one page at the base URL", () => {
    const xml = sitemapXml("https://learn.example.org/");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<loc>/g)).toHaveLength(1);
    expect(xml).toContain("<loc>https://learn.example.org/</loc>");
  });

  it("escapes an ampersand in the URL", () => {
    expect(sitemapXml("https://example.org/a&b/")).toContain(
      "<loc>https://example.org/a&amp;b/</loc>",
    );
  });
});

describe("deployFiles", () => {
  const files = deployFiles({
    siteUrl: "https://learn.example.org/",
    emailOrigin: "https://api.emailjs.com",
  });

  it("writes robots.txt, sitemap.xml, _headers and vercel.json", () => {
    expect(Object.keys(files).sort()).toEqual(
      ["_headers", "robots.txt", "sitemap.xml", "vercel.json"].sort(),
    );
  });

  it("writes the headers of the configured email host", () => {
    expect(parseHeadersFile(files["_headers"] ?? "")).toEqual(
      headerRules({ emailOrigin: "https://api.emailjs.com" }),
    );
    expect(files["vercel.json"]).toContain("connect-src 'self' https://api.emailjs.com");
  });

  it("lets Google's reCAPTCHA in, in both host files, only when the build has a key", () => {
    const config = {
      siteUrl: "https://learn.example.org/",
      emailOrigin: "https://api.emailjs.com",
    };
    const keyed = deployFiles({ ...config, recaptcha: true });
    for (const name of ["_headers", "vercel.json"]) {
      expect(keyed[name]).toContain(
        "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
      );
      expect(keyed[name]).toContain(
        "frame-src https://www.youtube-nocookie.com https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
      );
      expect(files[name]).toBe(deployFiles(config)[name]);
      expect(files[name]).not.toMatch(/recaptcha/);
    }
  });
});
