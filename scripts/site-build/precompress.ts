// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the site, so the site
// server (`npm start`) sends the bytes a CDN sends: sirv serves a precompressed copy to a browser
// that accepts its encoding, with `Content-Encoding` and `Vary: Accept-Encoding`. Static hosts
// ignore the copies and compress by themselves.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import { HEADERS_FILE, VERCEL_FILE } from "../../server/headers-file.ts";
import { brotliOptions, isCompressible } from "../compression.ts";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this a compressed copy saves less than its headers cost, as CDNs also judge. */
const MIN_BYTES = 1024;
/** Read by the host, never served: a copy would be served under its own name. */
const HOST_FILES = new Set([HEADERS_FILE, VERCEL_FILE]);

export async function precompress(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && isCompressible(entry.name))
    .filter((entry) => !(entry.parentPath === dir && HOST_FILES.has(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.byteLength < MIN_BYTES) return;
      // zlib's asynchronous calls run on libuv's thread pool: the files compress side by side.
      const [br, gz] = await Promise.all([
        brotliAsync(body, brotliOptions(body)),
        gzipAsync(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
}
