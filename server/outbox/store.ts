// The outbox on disk: one JSON object per line in messages.jsonl. An append is acknowledged only
// once every byte of its line is written and fsynced; a failed or short write is cut off again,
// so the file always ends on a complete line. Appends and reads run one after another in one
// queue (one writer per process), so lines never interleave. Nothing reads the whole file: the
// tail check reads its last byte, and listing reads backwards from the end, one page at a time.
import { randomUUID } from "node:crypto";
import { mkdir, open as openFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { EmailSendBody } from "../../src/registration/email-wire.ts";
import { readLinesBackwards } from "./read-backwards.ts";

export type StoredMessage = EmailSendBody & { id: string; receivedAt: string };

/** The parts of a file handle the store uses; tests inject one that fails on purpose. */
export type StoreFile = Pick<FileHandle, "write" | "read" | "stat" | "truncate" | "sync" | "close">;
export type OpenStoreFile = (file: string, flags: "a+" | "r") => Promise<StoreFile>;

export type OutboxPage = {
  /** The newest `limit` messages before the cursor, in the order they arrived. */
  messages: StoredMessage[];
  /** Cursor for the page of older messages (`list({ before })`), or null on the first page. */
  older: number | null;
};

export type OutboxStore = {
  file: string;
  append: (body: EmailSendBody, receivedAt?: Date) => Promise<StoredMessage>;
  /** The newest messages, `limit` (default 100) at most, ending before byte offset `before`. */
  list: (options?: { before?: number; limit?: number }) => Promise<OutboxPage>;
};

export const OUTBOX_FILE = "messages.jsonl";
export const OUTBOX_PAGE_SIZE = 100;
const NEWLINE = 0x0a;

/** Writes all of `bytes` at the end of the file, looping over short writes. */
async function writeAll(handle: StoreFile, bytes: Buffer) {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
    if (bytesWritten <= 0) throw new Error(`short write: ${written} of ${bytes.length} bytes`);
    written += bytesWritten;
  }
}

async function endsMidLine(handle: StoreFile, size: number): Promise<boolean> {
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] !== NEWLINE;
}

/** A new file's name is durable only once its folder is synced (POSIX; not possible on Windows). */
async function syncFolder(dir: string) {
  let folder: FileHandle | undefined;
  try {
    folder = await openFile(dir, "r");
    await folder.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL") throw error;
  } finally {
    await folder?.close();
  }
}

export function createOutboxStore(
  dir: string,
  { open = openFile as OpenStoreFile }: { open?: OpenStoreFile } = {},
): OutboxStore {
  const file = path.join(dir, OUTBOX_FILE);
  let queue: Promise<unknown> = Promise.resolve();

  const writeLine = async (line: string) => {
    await mkdir(dir, { recursive: true });
    const handle = await open(file, "a+");
    try {
      const { size } = await handle.stat();
      // A crash mid-write may have left a line without its newline: start on a fresh line.
      const prefix = (await endsMidLine(handle, size)) ? "\n" : "";
      try {
        await writeAll(handle, Buffer.from(prefix + line));
        await handle.sync();
      } catch (error) {
        // Cut the partial line off, so the next acknowledged message starts on a line of its own.
        await handle.truncate(size);
        await handle.sync();
        throw error;
      }
      if (size === 0) await syncFolder(dir);
    } finally {
      await handle.close();
    }
  };

  const list: OutboxStore["list"] = async ({ before, limit = OUTBOX_PAGE_SIZE } = {}) => {
    let handle: StoreFile;
    try {
      handle = await open(file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { messages: [], older: null };
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const messages: StoredMessage[] = [];
      let older: number | null = null;
      let oldestStart = size;
      for await (const { text, start } of readLinesBackwards(
        handle,
        Math.min(before ?? size, size),
      )) {
        if (!text.trim()) continue;
        if (messages.length === limit) {
          older = oldestStart;
          break;
        }
        oldestStart = start;
        try {
          messages.push(JSON.parse(text) as StoredMessage);
        } catch {
          // A line torn by a crash (never acknowledged) is skipped rather than hiding the others.
        }
      }
      return { messages: messages.reverse(), older };
    } finally {
      await handle.close();
    }
  };

  return {
    file,
    append(body, receivedAt = new Date()) {
      const message: StoredMessage = {
        id: randomUUID(),
        receivedAt: receivedAt.toISOString(),
        ...body,
      };
      const written = queue.then(() => writeLine(`${JSON.stringify(message)}\n`));
      queue = written.catch(() => {});
      return written.then(() => message);
    },
    list(options) {
      // Reads wait for the writes before them: a failed write may cut the file while it is read.
      const page = queue.then(() => list(options));
      queue = page.catch(() => {});
      return page;
    },
  };
}
