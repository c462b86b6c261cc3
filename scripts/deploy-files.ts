// The files a static host needs beside the page, written into the build output:
// robots.txt and sitemap.xml from the site's base URL (both from the build's one resolved
// configuration, scripts/site-build/build-config.ts), and the response headers
// (server/security-headers.ts) as `_headers` (Netlify, Cloudflare Pages) and `vercel.json`.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import {
  formatHeadersFile,
  formatVercelConfig,
  HEADERS_FILE,
  VERCEL_FILE,
} from "../server/headers-file.ts";
import { headerRules } from "../server/security-headers.ts";

export type DeployConfig = {
  siteUrl: string;
  emailOrigin: string;
  styleHashes?: string[];
  scriptHashes?: string[];
  recaptcha?: boolean;
};

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
  const { emailOrigin, styleHashes, scriptHashes, recaptcha } = config;
  const rules = headerRules({ emailOrigin, styleHashes, scriptHashes, recaptcha });
  return {
    "robots.txt": robotsTxt(config.siteUrl),
    "sitemap.xml": sitemapXml(config.siteUrl),
    [HEADERS_FILE]: formatHeadersFile(rules),
    [VERCEL_FILE]: formatVercelConfig(rules),
  };
}

export async function writeDeployFiles(outDir: string, config: DeployConfig): Promise<string[]> {
  const files = Object.entries(deployFiles(config));
  await Promise.all(files.map(([name, text]) => writeFile(path.join(outDir, name), text)));
  return files.map(([name]) => name);
}
