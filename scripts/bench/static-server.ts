// The benchmark's server: the built site over loopback, compressed and cached the way a CDN
// serves it (brotli, else gzip; hashed assets immutable for a year, the page revalidated), with
// the headers the build's `_headers` gives each path, as a static host sends them, and no
// outbox and no request log, so nothing but the files themselves is measured.
import { readdir, readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { brotli, gzip, isCompressible } from "../compression.ts";
import { readHeaderRules } from "../../server/headers-file.ts";
import { headersForPath } from "../../server/security-headers.ts";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
};

/**
 * Compresses every text file up front (brotli at its best quality takes a while on the large
 * chunk), as a CDN's cache or a precompressing build would: no request, not even the first
 * run's, waits for the compressor, which would count as server latency in the simulation.
 */
export async function createStaticServer(root: string): Promise<Server> {
  const base = path.resolve(root);
  const rules = readHeaderRules(base);
  const compressed = new Map<string, Buffer>();
  for (const entry of await readdir(base, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !isCompressible(file)) continue;
    const body = await readFile(file);
    compressed.set(`br ${file}`, brotli(body));
    compressed.set(`gzip ${file}`, gzip(body));
  }

  return createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    const file = path.join(base, decodeURIComponent(pathname === "/" ? "/index.html" : pathname));
    const found = file.startsWith(base + path.sep) && (await stat(file).catch(() => null));
    if (!found || !found.isFile() || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(found ? 405 : 404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(found ? "Method not allowed" : "Not found");
      return;
    }
    let body: Buffer = await readFile(file);
    const headers: Record<string, string> = {
      ...headersForPath(rules, pathname),
      "Content-Type": contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      "Cache-Control": pathname.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : "no-cache",
    };
    const encoding = isCompressible(file) ? negotiate(req.headers["accept-encoding"]) : undefined;
    if (isCompressible(file)) headers.Vary = "Accept-Encoding";
    if (encoding) {
      const key = `${encoding} ${file}`;
      const cached = compressed.get(key) ?? (encoding === "br" ? brotli(body) : gzip(body));
      compressed.set(key, cached);
      body = cached;
      headers["Content-Encoding"] = encoding;
    }
    headers["Content-Length"] = String(body.byteLength);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  });
}

function negotiate(acceptEncoding: string | string[] | undefined): "br" | "gzip" | undefined {
  const accepted = String(acceptEncoding ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

/** Listens on loopback; resolves with the origin, e.g. http://127.0.0.1:4600. */
export function listen(server: Server, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") return reject(new Error("no port"));
      resolve(`http://127.0.0.1:${address.port}`);
    });
  });
}
