// TCP's first window: 10 segments of 1460 bytes. A page whose first response fits paints after
// one round trip; one byte more costs another (decision 0004). The budget keeps room under it
// for an operator's content; the build warns when the page has none left.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readHeaderRules } from "../../server/headers-file.ts";
import { headersForPath } from "../../server/security-headers.ts";
import { brotli } from "../compression.ts";

export const FIRST_WINDOW = 14_600;
/** The page's budget: 600 bytes of room in the first window for an operator's content. */
export const FIRST_RESPONSE_BUDGET = 14_000;

/**
 * The page's first response as a static host sends it: the status line, the headers `_headers`
 * gives `/` with the few a host adds, and the page in brotli at its best quality.
 */
export async function firstResponseBytes(dir: string): Promise<number> {
  const body = brotli(await readFile(path.join(dir, "index.html")));
  const headers = {
    ...headersForPath(readHeaderRules(dir), "/"),
    "Content-Type": "text/html; charset=utf-8",
    "Content-Encoding": "br",
    "Content-Length": String(body.byteLength),
    Vary: "Accept-Encoding",
    Date: new Date().toUTCString(),
  };
  const lines = ["HTTP/1.1 200 OK", ...Object.entries(headers).map(([name, v]) => `${name}: ${v}`)];
  return Buffer.byteLength(`${lines.join("\r\n")}\r\n\r\n`) + body.byteLength;
}

/** A warning when the page's first response no longer fits TCP's first window. */
export function firstWindowWarning(bytes: number): string | undefined {
  if (bytes <= FIRST_WINDOW) return undefined;
  const figure = (n: number) => n.toLocaleString("en-US");
  return `The page's first response is ${figure(bytes)} B (brotli, with its headers), over TCP's first window of ${figure(FIRST_WINDOW)} B: its first paint waits one more round trip. Shorten the content in src/content/ (docs/performance.md).`;
}
