// The site server for `npm start`: the built site from dist/ plus the local outbox.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import sirv from "sirv";
import { createOutboxMiddleware } from "./outbox/middleware.ts";

export type SiteServerOptions = {
  distDir: string;
  outboxDir: string;
  log?: (line: string) => void;
};

export function createSiteServer({
  distDir,
  outboxDir,
  log = console.log,
}: SiteServerOptions): Server {
  const outbox = createOutboxMiddleware({ dir: outboxDir });
  const files = sirv(distDir, {
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      // Hashed assets never change under their name; the page itself is revalidated.
      res.setHeader(
        "Cache-Control",
        pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.on("finish", () => {
      const ms = (performance.now() - started).toFixed(1);
      log(`${req.method} ${req.url} ${res.statusCode} ${ms}ms`);
    });
    outbox(req, res, () =>
      files(req, res, () => {
        res.statusCode = 404;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Not found");
      }),
    );
  });
}
