import { describe, expect, it } from "vitest";
import { MAX_LINE_BYTES, readLinesBackwards } from "./read-backwards.ts";

/** A file handle over a buffer that counts the bytes read. */
function memoryFile(content: Buffer) {
  let bytesRead = 0;
  return {
    get bytesRead() {
      return bytesRead;
    },
    read: async (buffer: Buffer, offset: number, length: number, position: number) => {
      const copied = content.copy(buffer, offset, position, position + length);
      bytesRead += copied;
      return { bytesRead: copied, buffer };
    },
  };
}

async function lines(content: string | Buffer, end?: number) {
  const bytes = Buffer.from(content);
  const found: { text: string; start: number }[] = [];
  for await (const line of readLinesBackwards(memoryFile(bytes) as never, end ?? bytes.length)) {
    found.push(line);
  }
  return found;
}

describe("readLinesBackwards", () => {
  it("gives each line with its start offset, newest first, across chunk boundaries", async () => {
    const long = "é".repeat(70_000); // two-byte characters across the 64 KiB chunk boundary
    const text = `one\n${long}\nthree\n`;
    const found = await lines(text);
    expect(found.map((line) => line.text)).toEqual(["", "three", long, "one"]);
    expect(found.map((line) => line.start)).toEqual([
      Buffer.byteLength(text),
      Buffer.byteLength(`one\n${long}\n`),
      4,
      0,
    ]);
  });

  it("starts at a cursor and reads no more than the lines it gives", async () => {
    const content = Buffer.from(`${"x".repeat(1024 * 1024)}\nnew\n`);
    const file = memoryFile(content);
    const iterator = readLinesBackwards(file as never, content.length);
    expect((await iterator.next()).value).toEqual({ text: "", start: content.length });
    expect((await iterator.next()).value?.text).toBe("new");
    expect(file.bytesRead).toBeLessThanOrEqual(64 * 1024);
    expect((await lines(content, content.length - 4)).map((l) => l.text.length)).toEqual([
      0,
      1024 * 1024,
    ]);
  });

  it("skips a run of damage longer than any line without holding it in memory", async () => {
    const damage = Buffer.alloc(MAX_LINE_BYTES + 200 * 1024); // e.g. zeros after a crash
    const content = Buffer.concat([Buffer.from("first\n"), damage, Buffer.from("\nlast\n")]);
    expect((await lines(content)).map((line) => line.text)).toEqual(["", "last", "", "first"]);
  });
});
