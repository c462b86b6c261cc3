import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatHeadersFile } from "../../server/headers-file.ts";
import { headerRules, headersForPath } from "../../server/security-headers.ts";
import { vercelOutputConfig, writeVercelOutput } from "./vercel-output.ts";

const rules = headerRules({ emailOrigin: "https://api.emailjs.com", styleHashes: ["'sha256-x'"] });

/** The headers Vercel would send for `pathname`: every matching header route, in order. */
function headersOnVercel(pathname: string) {
  const headers: Record<string, string> = {};
  for (const route of vercelOutputConfig(rules).routes) {
    if ("src" in route && new RegExp(route.src).test(pathname))
      Object.assign(headers, route.headers);
  }
  return headers;
}

describe("vercelOutputConfig", () => {
  it("gives every path the same headers as _headers", () => {
    for (const pathname of ["/", "/index.html", "/assets/app-1.js", "/robots.txt", "/x.y"]) {
      expect(headersOnVercel(pathname)).toEqual(headersForPath(rules, pathname));
    }
  });

  it("serves the files after the header routes", () => {
    expect(vercelOutputConfig(rules).routes.at(-1)).toEqual({ handle: "filesystem" });
  });
});

describe("writeVercelOutput", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "vercel-output-"));
    await mkdir(path.join(root, "dist", "assets"), { recursive: true });
    await writeFile(path.join(root, "dist", "index.html"), "page");
    await writeFile(path.join(root, "dist", "assets", "app.js"), "script");
    await writeFile(path.join(root, "dist", "_headers"), formatHeadersFile(rules));
    await writeFile(path.join(root, "dist", "vercel.json"), "{}");
    await mkdir(path.join(root, ".vercel"));
    await writeFile(path.join(root, ".vercel", "project.json"), '{"projectId":"p"}');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("puts the site in static/ and its headers in config.json, and keeps the project link", async () => {
    await writeVercelOutput(root, path.join(root, "dist"));
    const output = path.join(root, ".vercel", "output");
    expect((await readdir(path.join(output, "static"), { recursive: true })).sort()).toEqual([
      "assets",
      path.join("assets", "app.js"),
      "index.html",
    ]);
    expect(JSON.parse(await readFile(path.join(output, "config.json"), "utf8"))).toEqual(
      vercelOutputConfig(rules),
    );
    expect(await readFile(path.join(root, ".vercel", "project.json"), "utf8")).toContain("p");
  });
});
