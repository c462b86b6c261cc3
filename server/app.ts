// The site server for `npm start`: the built site from dist/ plus the local outbox.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import sirv from "sirv";
import { readHeaderRules } from "./headers-file.ts";
import { opensHostFile } from "./host-files.ts";
import { createOutboxMiddleware } from "./outbox/middleware.ts";
import { answerPlain, guardRequest } from "./request-guard.ts";
import { headersForPath, REVALIDATE_CACHE } from "./security-headers.ts";

export type SiteServerOptions = {
  distDir: string;
  outboxDir: string;
  /** The address the server binds (HOST); the outbox answers to it besides loopback names. */
  host?: string;
  /** OUTBOX_TOKEN: needed to read the outbox when set. */
  outboxToken?: string;
  /** OUTBOX_RATE_LIMIT: sends per second before the outbox answers 429. */
  outboxRateLimit?: number | undefined;
  /** OUTBOX_REQUIRE_RECAPTCHA: the outbox refuses a send without a reCAPTCHA token. */
  outboxRequireRecaptcha?: boolean;
  log?: (line: string) => void;
};

export function createSiteServer({
  distDir,
  outboxDir,
  host,
  outboxToken,
  outboxRateLimit,
  outboxRequireRecaptcha,
  log = console.log,
}: SiteServerOptions): Server {
  // Guard and outbox notes join the request's access log line: one line per request.
  const notes = new WeakMap<IncomingMessage, string>();
  const outbox = createOutboxMiddleware({
    dir: outboxDir,
    host,
    token: outboxToken,
    rateLimit: outboxRateLimit,
    requireRecaptcha: outboxRequireRecaptcha,
    log,
  });
  // The same headers a static host serves from the build's _headers (server/security-headers.ts).
  const rules = readHeaderRules(distDir);
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
      const note = notes.get(req);
      // The outbox token never goes into the log.
      const url = req.url?.replace(/([?&]token=)[^&]*/gi, "$1…");
      log(`${req.method} ${url} ${res.statusCode} ${ms}ms${note ? ` (${note})` : ""}`);
    });
    const note = (line: string) => notes.set(req, line);
    guardRequest(req, res, note, ({ url, path }) => {
      // Security headers on every response, the outbox's and errors included; caching is per file.
      const { "Cache-Control": _cache, ...security } = headersForPath(rules, url.pathname);
      for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
      const notFound = () => answerPlain(res, 404, "Not found");
      // Host configuration is read by the host, not served, however the path is spelled.
      if (opensHostFile(req.url ?? "/", path)) return notFound();
      outbox(req, res, () => files(req, res, notFound));
    });
  });
}
