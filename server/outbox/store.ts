// The outbox on disk: one JSON object per line in messages.jsonl. Every append is fsynced before
// it is acknowledged, and appends run one after another, so lines never interleave.
import { randomUUID } from "node:crypto";
import { mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";
import type { EmailSendBody } from "../../src/registration/email-wire.ts";

export type StoredMessage = EmailSendBody & { id: string; receivedAt: string };

export type OutboxStore = {
  file: string;
  append: (body: EmailSendBody, receivedAt?: Date) => Promise<StoredMessage>;
  /** Every message, in the order they arrived. */
  list: () => Promise<StoredMessage[]>;
};

export const OUTBOX_FILE = "messages.jsonl";

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

export function createOutboxStore(dir: string): OutboxStore {
  const file = path.join(dir, OUTBOX_FILE);
  let queue: Promise<unknown> = Promise.resolve();
  let checkedTail = false;

  const writeLine = async (line: string) => {
    await mkdir(dir, { recursive: true });
    let prefix = "";
    if (!checkedTail) {
      // A crash mid-write may have left a line without its newline: start on a fresh line.
      const existing = await readText(file);
      if (existing && !existing.endsWith("\n")) prefix = "\n";
      checkedTail = true;
    }
    const handle = await open(file, "a");
    try {
      await handle.write(prefix + line);
      await handle.sync();
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
    async list() {
      const messages: StoredMessage[] = [];
      for (const line of (await readText(file)).split("\n")) {
        if (!line.trim()) continue;
        try {
          messages.push(JSON.parse(line) as StoredMessage);
        } catch {
          // A torn last line from a crash is skipped rather than hiding every other message.
        }
      }
      return messages;
    },
  };
}
