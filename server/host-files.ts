// Host configuration files in dist/ are read by the host, never served (as on Netlify, Cloudflare
// and Vercel). Compared on the path a file system would open: percent-decoded, dot segments and
// repeated or trailing slashes resolved, backslashes as slashes, and without case, trailing dots
// and spaces or an NTFS stream name (`::$DATA`), which case-insensitive or Windows file systems
// ignore when they open a file.
import path from "node:path";
import { HEADERS_FILE, VERCEL_FILE } from "./headers-file.ts";

const HOST_FILES = new Set([HEADERS_FILE, "_redirects", VERCEL_FILE, "netlify.toml"]);

/** Whether the decoded request path opens a host configuration file at the root of the site. */
export function isHostConfigPath(decodedPath: string): boolean {
  const normal = path.posix.normalize(decodedPath.replaceAll("\\", "/")).replace(/\/+$/, "");
  const segments = normal.split("/").filter(Boolean);
  if (segments.length !== 1) return false;
  const name = (segments[0] ?? "")
    .toLowerCase()
    .replace(/::\$data$/, "")
    .replace(/[. ]+$/, "");
  return HOST_FILES.has(name);
}

/**
 * Whether a request would open a host file: checked on the URL-parsed path and on the raw one
 * (sirv looks files up by the raw target, where `//vercel.json` is a path, not a host).
 */
export function opensHostFile(rawUrl: string, decodedPath: string): boolean {
  let raw: string;
  try {
    raw = decodeURIComponent(rawUrl.split("?", 1)[0] ?? "");
  } catch {
    return true; // not a path any file system opens: refuse rather than guess
  }
  return isHostConfigPath(raw) || isHostConfigPath(decodedPath);
}
