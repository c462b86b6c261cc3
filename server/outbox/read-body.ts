import type { IncomingMessage } from "node:http";

export type BodyResult = { ok: true; text: string } | { ok: false; tooLarge: true };

/** Reads a request body as UTF-8 text, giving up (and discarding the rest) past `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      req.resume();
      resolve({ ok: false, tooLarge: true });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        resolve({ ok: false, tooLarge: true });
      } else {
        chunks.push(chunk);
      }
    });
    req.on("end", () => {
      if (!tooLarge) resolve({ ok: true, text: Buffer.concat(chunks).toString("utf8") });
    });
    req.on("error", reject);
  });
}
