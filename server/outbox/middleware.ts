// Placeholder until the registration issue lands: the local outbox (CONTRACT.md).
import type { IncomingMessage, ServerResponse } from "node:http";

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function createOutboxMiddleware(_options: { dir: string }): Middleware {
  return (_req, _res, next) => next();
}
