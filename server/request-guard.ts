// Every request runs inside this guard: a target no URL parser accepts is answered 400, an
// unexpected error 500, each with one log line, and the server keeps serving the next request.
import type { IncomingMessage, ServerResponse } from "node:http";

export type Target = {
  url: URL;
  /** The percent-decoded path, as a file system would see it. */
  path: string;
};

/** The request target as a URL, or null when it is not one (`//a:99999/`, `//[`, `/%zz`). */
export function parseTarget(rawUrl: string | undefined): Target | null {
  try {
    const url = new URL(rawUrl ?? "/", "http://localhost");
    return { url, path: decodeURIComponent(url.pathname) };
  } catch {
    return null;
  }
}

export function answerPlain(res: ServerResponse, status: number, text: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(text);
}

const oneLine = (error: unknown) =>
  (error instanceof Error ? (error.stack ?? error.message) : String(error))
    .split("\n", 2)
    .map((part) => part.trim())
    .join(" ");

/**
 * Runs `handle` for a request with a parsed target; answers 400 when there is none and 500 when
 * `handle` throws or rejects (or cuts the connection when the answer has already begun). `log`
 * gets one line per failure; the caller adds which request it was.
 */
export function guardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
  handle: (target: Target) => void | Promise<void>,
): void {
  const fail = (error: unknown) => {
    log(`unexpected error: ${oneLine(error)}`);
    if (res.headersSent) res.destroy();
    else answerPlain(res, 500, "Internal server error");
  };
  const target = parseTarget(req.url);
  if (!target) {
    log("the request target is not a valid URL");
    answerPlain(res, 400, "Bad request: the address is not a valid URL.");
    return;
  }
  try {
    Promise.resolve(handle(target)).catch(fail);
  } catch (error) {
    fail(error);
  }
}
