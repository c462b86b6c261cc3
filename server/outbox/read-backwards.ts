// Reads a file's lines from a byte offset backwards, one chunk at a time, so the newest lines of
// a file of any size cost only their own bytes.
import type { FileHandle } from "node:fs/promises";

/** All the reader needs of a file: positioned reads (the store passes its own handle). */
export type ReadableFile = Pick<FileHandle, "read">;

const CHUNK = 64 * 1024;
const NEWLINE = 0x0a;
/** Far above any message (the body limit is 256 KB); longer runs are damage, skipped unread. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

export type Line = { text: string; start: number };

/**
 * The lines that end at or before `end`, newest first; a line cut by `end` comes first, as is.
 * A line longer than MAX_LINE_BYTES comes as an empty text, so damage never fills the memory.
 */
export async function* readLinesBackwards(handle: ReadableFile, end: number): AsyncGenerator<Line> {
  let pos = end;
  // Bytes of the line that continues before `pos` (it starts in a chunk not read yet).
  let carry = Buffer.alloc(0);
  let oversized = false;
  while (pos > 0) {
    const start = Math.max(0, pos - CHUNK);
    const chunk = Buffer.alloc(pos - start);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, start);
    if (bytesRead < chunk.length) throw new Error("the outbox file shrank while being read");
    const bytes = Buffer.concat([chunk, carry]);
    let lineEnd = bytes.length;
    for (let nl = bytes.lastIndexOf(NEWLINE, lineEnd - 1); nl >= 0;) {
      const text = oversized ? "" : bytes.toString("utf8", nl + 1, lineEnd);
      oversized = false;
      yield { text, start: start + nl + 1 };
      lineEnd = nl;
      nl = lineEnd > 0 ? bytes.lastIndexOf(NEWLINE, lineEnd - 1) : -1;
    }
    carry = bytes.subarray(0, lineEnd);
    if (carry.length > MAX_LINE_BYTES) {
      oversized = true;
      carry = Buffer.alloc(0);
    }
    pos = start;
  }
  if (carry.length || oversized) yield { text: oversized ? "" : carry.toString("utf8"), start: 0 };
}
