import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticServer, listen } from "./static-server.ts";

let dir: string;
let server: Server;
let origin: string;
const page = "<!doctype html><title>t</title>" + "<p>hello</p>".repeat(200);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "static-server-"));
  await mkdir(path.join(dir, "assets"));
  await writeFile(path.join(dir, "index.html"), page);
  await writeFile(path.join(dir, "assets", "font-1.woff2"), Buffer.from([1, 2, 3]));
  server = await createStaticServer(dir);
  origin = await listen(server, 0);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** Node's fetch decodes bodies itself; a raw request shows what went over the wire. */
async function raw(pathname: string, acceptEncoding: string) {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${origin}${pathname}`, {
        headers: { "accept-encoding": acceptEncoding },
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on("error", reject).end();
    },
  );
}

describe("the benchmark's static server", () => {
  it("sends the page brotli-compressed to a browser that accepts it, revalidated", async () => {
    const response = await raw("/", "gzip, deflate, br, zstd");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(response.body).toString()).toBe(page);
    expect(response.body.byteLength).toBeLessThan(page.length / 5);
  });

  it("falls back to gzip, and to the plain file for a client that accepts neither", async () => {
    const gzipped = await raw("/index.html", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(page);
    const plain = await raw("/index.html", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("sends hashed assets as they are, cached for a year", async () => {
    const font = await raw("/assets/font-1.woff2", "br");
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect([...font.body]).toEqual([1, 2, 3]);
  });

  it("answers 404 for a missing file and never serves outside its folder", async () => {
    expect((await raw("/nothing.js", "br")).status).toBe(404);
    expect((await raw("/../../etc/passwd", "br")).status).toBe(404);
    expect((await raw("/%2e%2e/%2e%2e/etc/passwd", "br")).status).toBe(404);
  });
});
