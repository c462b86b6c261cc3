import { describe, expect, it } from "vitest";
import { formatHeadersFile, formatVercelConfig, parseHeadersFile } from "./headers-file.ts";
import { headerRules } from "./security-headers.ts";

const rules = headerRules({ emailOrigin: "https://api.emailjs.com" });

describe("the _headers file", () => {
  it("reads back exactly the rules it was written from", () => {
    expect(parseHeadersFile(formatHeadersFile(rules))).toEqual(rules);
  });

  it("puts each path on its own line with its headers indented below", () => {
    const text = formatHeadersFile(rules);
    expect(text).toContain("\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n");
    expect(text).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self';/m);
  });

  it("skips comments and blank lines and keeps colons inside values", () => {
    expect(parseHeadersFile("# note\n\n/x\n  Link: <https://a.example>; rel=preconnect\n")).toEqual(
      [{ path: "/x", headers: { Link: "<https://a.example>; rel=preconnect" } }],
    );
  });

  it("refuses a header that belongs to no path", () => {
    expect(() => parseHeadersFile("  X-Test: 1\n")).toThrow(/cannot read/);
  });
});

describe("vercel.json", () => {
  it("carries the same headers, with path patterns Vercel understands", () => {
    const config = JSON.parse(formatVercelConfig(rules)) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    expect(config.headers.map((rule) => rule.source)).toEqual([
      "/(.*)",
      "/assets/(.*)",
      "/",
      "/index.html",
    ]);
    config.headers.forEach((rule, index) => {
      const pairs = Object.fromEntries(rule.headers.map(({ key, value }) => [key, value]));
      expect(pairs).toEqual(rules[index]?.headers);
    });
  });
});
