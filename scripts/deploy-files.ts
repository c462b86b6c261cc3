// The files a static host needs beside the page, written into the build output:
// robots.txt and sitemap.xml from the site's base URL, and the response headers
// (server/security-headers.ts) as `_headers` (Netlify, Cloudflare Pages) and `vercel.json`.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { runnerImport } from "vite";
import {
  formatHeadersFile,
  formatVercelConfig,
  HEADERS_FILE,
  VERCEL_FILE,
} from "../server/headers-file.ts";
import { headerRules } from "../server/security-headers.ts";

export type DeployConfig = { siteUrl: string; emailOrigin: string; styleHashes?: string[] };

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL("sitemap.xml", siteUrl).href}\n`;
}

export function sitemapXml(siteUrl: string): string {
  const loc = siteUrl.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `  <url><loc>${loc}</loc></url>`,
    "</urlset>",
    "",
  ].join("\n");
}

export function deployFiles(config: DeployConfig): Record<string, string> {
  const rules = headerRules({ emailOrigin: config.emailOrigin, styleHashes: config.styleHashes });
  return {
    "robots.txt": robotsTxt(config.siteUrl),
    "sitemap.xml": sitemapXml(config.siteUrl),
    [HEADERS_FILE]: formatHeadersFile(rules),
    [VERCEL_FILE]: formatVercelConfig(rules),
  };
}

/**
 * The base URL and the email origin exactly as the page's own modules resolve them, loaded
 * through Vite so they see the same `.env` files and VITE_* variables as the bundle.
 */
export async function loadDeployConfig(root: string): Promise<DeployConfig> {
  const load = async <T>(id: string) =>
    (await runnerImport<T>(id, { root, mode: "production", logLevel: "warn" })).module;
  const [{ siteUrl }, { emailConfig }] = await Promise.all([
    load<typeof import("../src/head.ts")>("/src/head.ts"),
    load<typeof import("../src/registration/email-config.ts")>("/src/registration/email-config.ts"),
  ]);
  return { siteUrl, emailOrigin: emailConfig.origin };
}

export async function writeDeployFiles(outDir: string, config: DeployConfig): Promise<string[]> {
  const files = Object.entries(deployFiles(config));
  await Promise.all(files.map(([name, text]) => writeFile(path.join(outDir, name), text)));
  return files.map(([name]) => name);
}
