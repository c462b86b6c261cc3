// The site server for `npm start`: the built site from dist/ plus the local outbox.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import sirv from "sirv";
import { HEADERS_FILE, readHeaderRules, VERCEL_FILE } from "./headers-file.ts";
import { createOutboxMiddleware } from "./outbox/middleware.ts";
import { headersForPath, REVALIDATE_CACHE } from "./security-headers.ts";

export type SiteServerOptions = {
  distDir: string;
  outboxDir: string;
  /** OUTBOX_RATE_LIMIT: sends per second before the outbox answers 429. */
  outboxRateLimit?: number | undefined;
  log?: (line: string) => void;
};

export function createSiteServer({
  distDir,
  outboxDir,
  outboxRateLimit,
  log = console.log,
}: SiteServerOptions): Server {
  const outbox = createOutboxMiddleware({ dir: outboxDir, rateLimit: outboxRateLimit });
  // The same headers a static host serves from the build's _headers (server/security-headers.ts).
  const rules = readHeaderRules(distDir);
  const hostConfigFiles = new Set([`/${HEADERS_FILE}`, `/${VERCEL_FILE}`]);
  const files = sirv(distDir, {
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader(
        "Cache-Control",
        headersForPath(rules, pathname)["Cache-Control"] ?? REVALIDATE_CACHE,
      );
    },
  });
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.on("finish", () => {
      const ms = (performance.now() - started).toFixed(1);
      log(`${req.method} ${req.url} ${res.statusCode} ${ms}ms`);
    });
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    // Security headers on every response, the outbox's and errors included; caching is per file.
    const { "Cache-Control": _cache, ...security } = headersForPath(rules, pathname);
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    const notFound = () => {
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Not found");
    };
    // Host configuration is read by the host, not served (as on Netlify, Cloudflare and Vercel).
    if (hostConfigFiles.has(pathname)) return notFound();
    outbox(req, res, () => files(req, res, notFound));
  });
}
