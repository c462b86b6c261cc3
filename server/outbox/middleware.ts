// The local outbox (docs/contract.md): takes the EmailJS wire request at /outbox/api/v1.0/email/send,
// keeps each message on disk, and shows them at /outbox. Mounted by `npm start` and `npm run dev`,
// for the site's own pages only (access.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  EMAIL_SEND_PATH,
  OUTBOX_ORIGIN,
  RECAPTCHA_PARAM,
} from "../../src/registration/email-wire.ts";
import { guardRequest, type Target } from "../request-guard.ts";
import {
  allowedHostNames,
  checkHost,
  checkSameOrigin,
  checkToken,
  type Refusal,
} from "./access.ts";
import { renderOutboxPage } from "./page.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { readBody } from "./read-body.ts";
import { createOutboxStore, type OutboxPage, type OutboxStore } from "./store.ts";
import { validateSendRequest } from "./validate.ts";

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export type OutboxOptions = {
  dir: string;
  /** The address the server binds (HOST): `Host` may name it besides the loopback names. */
  host?: string;
  /** OUTBOX_TOKEN: when set, reading the outbox needs it. */
  token?: string;
  /** OUTBOX_RATE_LIMIT: sends per second before answering 429; unset: no limit. */
  rateLimit?: number | undefined;
  /** OUTBOX_REQUIRE_RECAPTCHA: a send without a reCAPTCHA token is refused, as EmailJS does. */
  requireRecaptcha?: boolean;
  log?: (line: string) => void;
  store?: OutboxStore;
};

/**
 * Larger than EmailJS's 50 KB on purpose: a registration with four 5,000-character values,
 * each repeated in the message, at up to 4 bytes per character still fits; nothing bigger must.
 */
export const OUTBOX_BODY_LIMIT = 256 * 1024;

const SEND_ROUTE = OUTBOX_ORIGIN + EMAIL_SEND_PATH;

/** EmailJS's answer to a send without a token, for a template with reCAPTCHA switched on. */
export const NO_RECAPTCHA_TOKEN = "reCAPTCHA: The g-recaptcha-response parameter not found";
const LIST_ROUTE = `${OUTBOX_ORIGIN}/messages.json`;

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

function refuse(res: ServerResponse, { status, reason }: Refusal) {
  if (status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="outbox"');
  reply(res, status, "text/plain", reason);
}

type Route = {
  allow: string;
  /** Reads need the token, when there is one. */
  read: boolean;
  /** The page may be opened by following a link from elsewhere (a navigation reads nothing). */
  navigable?: boolean;
  handle: (req: IncomingMessage, res: ServerResponse, target: Target) => Promise<void>;
};

export function createOutboxMiddleware({
  dir,
  host,
  token,
  rateLimit,
  requireRecaptcha = false,
  log = console.error,
  store = createOutboxStore(dir),
}: OutboxOptions): Middleware {
  const hostNames = allowedHostNames(host);
  const limiter = rateLimit ? createRateLimiter(rateLimit) : undefined;

  const send = async (req: IncomingMessage, res: ServerResponse) => {
    // Like a rate-limited email API, every request counts against the limit, valid or not.
    const retryAfter = limiter?.take();
    if (retryAfter) {
      res.setHeader("Retry-After", String(retryAfter));
      return reply(res, 429, "text/plain", "Too Many Requests");
    }
    const body = await readBody(req, OUTBOX_BODY_LIMIT);
    if (!body.ok) return reply(res, 413, "text/plain", "The request body is too large.");
    const request = validateSendRequest(req.headers["content-type"], body.text);
    if (!request.ok) return reply(res, 400, "text/plain", request.reason);
    // The token's presence only: Google alone can tell a real one, and the outbox never calls it.
    if (requireRecaptcha && !request.body.template_params[RECAPTCHA_PARAM])
      return reply(res, 400, "text/plain", NO_RECAPTCHA_TOKEN);
    try {
      await store.append(request.body);
    } catch (error) {
      log(`Outbox: could not store the message: ${(error as Error).message}`);
      return reply(res, 500, "text/plain", "The outbox could not store the message.");
    }
    // EmailJS answers a send with 200 and the text "OK"; emailjs-com accepts either.
    reply(res, 200, "text/plain", "OK");
  };

  /** A page of messages (`?before=` pages back), or null after answering a bad cursor. */
  const readPage = async (res: ServerResponse, url: URL): Promise<OutboxPage | null> => {
    const before = url.searchParams.get("before");
    if (before !== null && !/^\d{1,15}$/.test(before)) {
      reply(res, 400, "text/plain", "before must be a cursor from the outbox (a byte offset).");
      return null;
    }
    try {
      return await store.list({ before: before === null ? undefined : Number(before) });
    } catch (error) {
      log(`Outbox: could not read the messages: ${(error as Error).message}`);
      reply(res, 500, "text/plain", "The outbox could not read its messages.");
      return null;
    }
  };

  /** This address with another cursor (the token, if given in it, is kept). */
  const withCursor = (url: URL, before: number | null) => {
    const link = new URL(url);
    if (before === null) link.searchParams.delete("before");
    else link.searchParams.set("before", String(before));
    return link.pathname + link.search;
  };

  const routes: Record<string, Route> = {
    [SEND_ROUTE]: { allow: "POST", read: false, handle: send },
    [OUTBOX_ORIGIN]: {
      allow: "GET, HEAD",
      read: true,
      navigable: true,
      handle: async (_req, res, { url }) => {
        const page = await readPage(res, url);
        if (!page) return;
        res.setHeader("Content-Security-Policy", PAGE_CSP);
        const links = {
          older: page.older === null ? null : withCursor(url, page.older),
          newest: url.searchParams.has("before") ? withCursor(url, null) : null,
        };
        reply(res, 200, "text/html", renderOutboxPage(page.messages, links));
      },
    },
    [LIST_ROUTE]: {
      allow: "GET, HEAD",
      read: true,
      handle: async (_req, res, { url }) => {
        const page = await readPage(res, url);
        if (!page) return;
        // The body stays a plain array of messages (oldest first); the older page is a Link.
        if (page.older !== null)
          res.setHeader("Link", `<${withCursor(url, page.older)}>; rel="next"`);
        reply(res, 200, "application/json", JSON.stringify(page.messages));
      },
    },
  };

  return (req, res, next) =>
    guardRequest(
      req,
      res,
      (line) => log(`Outbox: ${req.method} ${req.url}: ${line}`),
      async (target) => {
        const route = routes[target.path.replace(/\/+$/, "")];
        if (!route) return next();
        // Whatever a dev server's CORS layer allowed, no other origin may read an outbox answer.
        res.removeHeader("Access-Control-Allow-Origin");
        res.removeHeader("Access-Control-Allow-Credentials");
        const refusal =
          checkHost(req, hostNames) ??
          checkSameOrigin(req, { navigation: route.navigable }) ??
          (route.read ? checkToken(req, target.url, token) : null);
        if (refusal) return refuse(res, refusal);
        if (!route.allow.split(", ").includes(req.method ?? "")) {
          res.setHeader("Allow", route.allow);
          return reply(res, 405, "text/plain", "Method not allowed");
        }
        await route.handle(req, res, target);
      },
    );
}
