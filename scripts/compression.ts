import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// One definition of the compressed sizes for the benchmark's server and the byte-budget test.
// The budgets are stated in gzip (level 9, what a build that precompresses ships); the server
// sends brotli at its best quality when the browser accepts it, as a CDN or a precompressed
// static host does, and gzip otherwise.
export function gzip(body: Uint8Array): Buffer {
  return gzipSync(body, { level: 9 });
}

export function gzipSize(body: Uint8Array): number {
  return gzip(body).byteLength;
}

/** Brotli at its best quality, as a CDN's or a precompressing build's. */
export const brotliOptions = (body: Uint8Array) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  },
});

export function brotli(body: Uint8Array): Buffer {
  return brotliCompressSync(body, brotliOptions(body));
}

/** Text formats a CDN compresses; fonts (woff2) and raster images are compressed already. */
export function isCompressible(pathname: string): boolean {
  return /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/i.test(pathname);
}

/** The size a budget counts: gzip for text formats, the file itself for the rest. */
export function budgetSize(pathname: string, body: Uint8Array): number {
  return isCompressible(pathname) ? gzipSize(body) : body.byteLength;
}
