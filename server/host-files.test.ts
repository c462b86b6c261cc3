import { describe, expect, it } from "vitest";
import { opensHostFile } from "./host-files.ts";
import { parseTarget } from "./request-guard.ts";

const blocked = (target: string) => opensHostFile(target, parseTarget(target)?.path ?? "");

describe("opensHostFile", () => {
  it("blocks every spelling of a host file that a file system would open", () => {
    for (const target of [
      "/_headers",
      "/_headers/",
      "/%5Fheaders",
      "/%5fheaders",
      "/vercel.json/",
      "/%76ercel.json",
      "//vercel.json",
      "/./_headers",
      "/assets/../_headers",
      "/assets/%2e%2e/_headers",
      "/%2E%2E/vercel.json",
      "/_HEADERS",
      "/Vercel.JSON",
      "/_headers.",
      "/_headers%20",
      "/_headers::$DATA",
      "/%5C_headers",
      "/netlify.toml",
      "/_redirects",
      "/_headers?x=1",
    ]) {
      expect(blocked(target), target).toBe(true);
    }
  });

  it("serves everything else", () => {
    for (const target of ["/", "/index.html", "/assets/_headers", "/_headers.txt", "/robots.txt"]) {
      expect(blocked(target), target).toBe(false);
    }
  });
});
