// The local outbox (CONTRACT.md): takes the EmailJS wire request at /outbox/api/v1.0/email/send,
// keeps each message on disk, and shows them at /outbox. Mounted by `npm start` and `npm run dev`.
import type { IncomingMessage, ServerResponse } from "node:http";
import { EMAIL_SEND_PATH, OUTBOX_ORIGIN } from "../../src/registration/email-wire.ts";
import { renderOutboxPage } from "./page.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { readBody } from "./read-body.ts";
import { createOutboxStore } from "./store.ts";
import { validateSendRequest } from "./validate.ts";

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Larger than EmailJS's 50 KB on purpose: a registration with four 5,000-character values,
 * each repeated in the message, at up to 4 bytes per character still fits; nothing bigger must.
 */
export const OUTBOX_BODY_LIMIT = 256 * 1024;

const SEND_ROUTE = OUTBOX_ORIGIN + EMAIL_SEND_PATH;

// The outbox page shows visitor input: no script may run there, whatever a message holds.
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function reply(res: ServerResponse, status: number, type: string, body: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", `${type}; charset=utf-8`);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(body);
}

function notAllowed(res: ServerResponse, allow: string) {
  res.setHeader("Allow", allow);
  reply(res, 405, "text/plain", "Method not allowed");
}

export function createOutboxMiddleware({
  dir,
  rateLimit,
}: {
  dir: string;
  /** Sends per second before answering 429 (OUTBOX_RATE_LIMIT); unset: no limit. */
  rateLimit?: number | undefined;
}): Middleware {
  const store = createOutboxStore(dir);
  const limiter = rateLimit ? createRateLimiter(rateLimit) : undefined;

  const send = async (req: IncomingMessage, res: ServerResponse) => {
    const retryAfter = limiter?.take();
    if (retryAfter) {
      res.setHeader("Retry-After", String(retryAfter));
      return reply(res, 429, "text/plain", "Too Many Requests");
    }
    const body = await readBody(req, OUTBOX_BODY_LIMIT);
    if (!body.ok) return reply(res, 413, "text/plain", "The request body is too large.");
    const request = validateSendRequest(req.headers["content-type"], body.text);
    if (!request.ok) return reply(res, 400, "text/plain", request.reason);
    await store.append(request.body);
    // EmailJS answers a send with 200 and the text "OK"; emailjs-com accepts either.
    reply(res, 200, "text/plain", "OK");
  };

  const routes: Record<
    string,
    { allow: string; handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> }
  > = {
    [SEND_ROUTE]: { allow: "POST", handle: send },
    [OUTBOX_ORIGIN]: {
      allow: "GET, HEAD",
      handle: async (_req, res) => {
        res.setHeader("Content-Security-Policy", PAGE_CSP);
        reply(res, 200, "text/html", renderOutboxPage(await store.list()));
      },
    },
    [`${OUTBOX_ORIGIN}/messages.json`]: {
      allow: "GET, HEAD",
      handle: async (_req, res) =>
        reply(res, 200, "application/json", JSON.stringify(await store.list())),
    },
  };

  return (req, res, next) => {
    const pathname = new URL(req.url ?? "/", "http://outbox.local").pathname.replace(/\/+$/, "");
    const route = routes[pathname];
    if (!route) return next();
    if (!route.allow.split(", ").includes(req.method ?? "")) return notAllowed(res, route.allow);
    route.handle(req, res).catch((error: unknown) => {
      console.error("Outbox: could not handle the request.", error);
      if (!res.headersSent)
        reply(res, 500, "text/plain", "The outbox could not store the message.");
    });
  };
}
