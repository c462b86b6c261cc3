// A proxy in front of a site that can hold back the islands' code (the files the loader imports
// after the first-paint script), so a journey acts on the page as a slow phone shows it: painted,
// its code not arrived yet. Everything else passes straight through.
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { listenOnLoopback } from "./loopback.ts";

export type CodeGate = {
  base: string;
  /** From now on, requests for the islands' code wait. */
  hold: () => void;
  /** Lets every waiting request through, and the later ones at once. */
  release: () => void;
  /** How many requests for the islands' code are waiting now. */
  waiting: () => number;
  close: () => Promise<void>;
};

/** The chunks the loader imports on intent (not the loader itself, nor the email client's). */
export const isIslandCode = (url: string) => /^\/assets\/islands-[\w-]+\.js(\?|$)/.test(url);

export async function startCodeGate(target: string): Promise<CodeGate> {
  const origin = new URL(target);
  let held = false;
  let waiting: (() => void)[] = [];
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = forward(
      {
        host: origin.hostname,
        port: origin.port,
        method: req.method,
        path: req.url,
        // The site sees its own address, as if the page were served by it (its outbox refuses
        // requests from any other origin).
        headers: {
          ...req.headers,
          host: origin.host,
          ...(req.headers.origin ? { origin: origin.origin } : {}),
        },
      },
      (response) => {
        const headers = { ...response.headers };
        // Never from the browser's cache unasked: a page loaded after an earlier journey must
        // still ask the gate for its code, or it would hydrate while the journey holds the code
        // back. Not `no-store`: Firefox refuses to prefetch such a file and fires `error` on the
        // page's <link rel="prefetch">.
        if (isIslandCode(req.url ?? "")) headers["cache-control"] = "no-cache";
        res.writeHead(response.statusCode ?? 502, headers);
        response.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  };
  const server = createServer((req, res) => {
    if (held && isIslandCode(req.url ?? "")) waiting.push(() => pass(req, res));
    else pass(req, res);
  });
  const listening = await listenOnLoopback(server);
  const release = () => {
    held = false;
    const due = waiting;
    waiting = [];
    for (const go of due) go();
  };
  return {
    base: listening.origin,
    hold: () => {
      held = true;
    },
    release,
    waiting: () => waiting.length,
    close: () => {
      release();
      return listening.close();
    },
  };
}
