// The header rules as the static hosts read them: `_headers` (Netlify, Cloudflare Pages) and
// `vercel.json`. The build writes both; `npm start` reads `_headers` back from the build, so the
// local server sends exactly what a host would.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { headerRules, type HeaderRule } from "./security-headers.ts";

export const HEADERS_FILE = "_headers";
export const VERCEL_FILE = "vercel.json";

export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((rule) =>
    [rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join(
      "\n",
    ),
  );
  return `# Written by the build (server/security-headers.ts). Do not edit.\n${blocks.join("\n")}\n`;
}

/** Reads a `_headers` file: a path on its own line, then its headers indented below it. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(":");
    if (!rule || colon < 0) throw new Error(`_headers: cannot read "${line.trim()}"`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** Vercel's `headers` config; its sources are path-to-regexp patterns, so `*` becomes `(.*)`. */
export function formatVercelConfig(rules: readonly HeaderRule[]): string {
  const config = {
    $schema: "https://openapi.vercel.sh/vercel.json",
    headers: rules.map((rule) => ({
      source: rule.path.replace(/\*$/, "(.*)"),
      headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
    })),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * The rules a build wrote into `distDir`. A folder without them (not made by `npm run build`)
 * gets the strictest rules: registrations only to this server.
 */
export function readHeaderRules(distDir: string): HeaderRule[] {
  const file = path.join(distDir, HEADERS_FILE);
  if (!existsSync(file)) return headerRules({ emailOrigin: "/" });
  return parseHeadersFile(readFileSync(file, "utf8"));
}
