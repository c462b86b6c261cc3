// A static host as Netlify and Cloudflare Pages serve a build: files from the folder, `/` as
// index.html, and the response headers from the folder's `_headers` by their documented rules
// (https://developers.cloudflare.com/pages/configuration/headers/): a path line, then indented
// `Name: value` lines; `*` matches anything, `:name` one segment; every matching rule applies,
// and a header set by two rules gets both values joined by a comma. `_headers` is not served.
// Written apart from server/headers-file.ts on purpose, so the two can disagree in a test.
import { existsSync, readFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { listenOnLoopback } from "./loopback.ts";

type Rule = { pattern: RegExp; headers: [string, string][] };

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
};

function toPattern(line: string): RegExp {
  if (!line.startsWith("/")) throw new Error(`_headers: unsupported rule "${line}"`);
  const source = line
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) =>
      part === "*"
        ? ".*"
        : part.startsWith(":")
          ? "[^/]+"
          : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`);
}

export function readRules(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: toPattern(line.trim()), headers: [] });
      continue;
    }
    const colon = line.indexOf(":");
    rules.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

export function headersFor(rules: Rule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules.filter(({ pattern }) => pattern.test(pathname))) {
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
    }
  }
  return headers;
}

export async function startStaticHost(dir: string) {
  const headersFile = path.join(dir, "_headers");
  const rules = existsSync(headersFile) ? readRules(readFileSync(headersFile, "utf8")) : [];
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://host").pathname);
    for (const [name, value] of Object.entries(headersFor(rules, pathname))) {
      res.setHeader(name, value);
    }
    const file = path.join(dir, pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    const servable =
      file.startsWith(dir + path.sep) &&
      path.basename(file) !== "_headers" &&
      (await stat(file).catch(() => null))?.isFile();
    if (!servable) {
      res.statusCode = 404;
      return res.end("Not found");
    }
    res.setHeader("Content-Type", TYPES[path.extname(file)] ?? "application/octet-stream");
    res.end(await readFile(file));
  });
  return listenOnLoopback(server);
}
