import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmailSendBody } from "../../src/registration/email-wire.ts";
import { createOutboxStore, OUTBOX_FILE, type OpenStoreFile } from "./store.ts";

const message = (n: number): EmailSendBody => ({
  lib_version: "3.2.0",
  user_id: "key",
  service_id: "service",
  template_id: "template",
  template_params: { to_email: `student${n}@example.com`, message: `Message ${n}\nline two` },
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the outbox store", () => {
  it("is empty before the first message, even without its folder", async () => {
    expect(await createOutboxStore(path.join(dir, "not-yet")).list()).toEqual({
      messages: [],
      older: null,
    });
  });

  it("writes one JSON line per message, creating its folder", async () => {
    const store = createOutboxStore(path.join(dir, "nested", "outbox"));
    const stored = await store.append(message(1), new Date("2025-06-05T18:30:00Z"));
    expect(stored).toMatchObject({ ...message(1), receivedAt: "2025-06-05T18:30:00.000Z" });
    const lines = (await readFile(store.file, "utf8")).split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe("");
    expect(JSON.parse(lines[0] ?? "")).toEqual(stored);
  });

  it("never interleaves concurrent appends and keeps their order", async () => {
    const store = createOutboxStore(dir);
    await Promise.all(Array.from({ length: 50 }, (_, n) => store.append(message(n))));
    const listed = (await store.list()).messages;
    expect(listed.map((m) => m.template_params.to_email)).toEqual(
      Array.from({ length: 50 }, (_, n) => `student${n}@example.com`),
    );
    expect(new Set(listed.map((m) => m.id)).size).toBe(50);
  });

  it("loses nothing across a restart: a new store reads the old lines and appends after them", async () => {
    await createOutboxStore(dir).append(message(1));
    const restarted = createOutboxStore(dir);
    expect((await restarted.list()).messages.map((m) => m.template_params.to_email)).toEqual([
      "student1@example.com",
    ]);
    await restarted.append(message(2));
    expect(
      (await createOutboxStore(dir).list()).messages.map((m) => m.template_params.to_email),
    ).toEqual(["student1@example.com", "student2@example.com"]);
  });

  it("skips a line torn by a crash and starts the next message on a line of its own", async () => {
    const first = JSON.stringify({ ...message(1), id: "a", receivedAt: "2025-01-01T00:00:00Z" });
    await writeFile(path.join(dir, OUTBOX_FILE), `${first}\n{"lib_version":"3.2`);
    const store = createOutboxStore(dir);
    await store.append(message(2));
    expect((await store.list()).messages.map((m) => m.template_params.to_email)).toEqual([
      "student1@example.com",
      "student2@example.com",
    ]);
  });

  it("checks the tail before every append, not once per process", async () => {
    const store = createOutboxStore(dir);
    await store.append(message(1));
    await writeFile(store.file, '{"torn', { flag: "a" });
    await store.append(message(2));
    const lines = (await readFile(store.file, "utf8")).split("\n");
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[2] ?? "").template_params.to_email).toBe("student2@example.com");
  });

  it("pages back from the newest messages with a cursor", async () => {
    const store = createOutboxStore(dir);
    for (let n = 0; n < 7; n++) await store.append(message(n));
    const emails = (page: { messages: { template_params: { to_email?: string } }[] }) =>
      page.messages.map((m) => m.template_params.to_email?.replace(/\D/g, ""));
    const newest = await store.list({ limit: 3 });
    expect(emails(newest)).toEqual(["4", "5", "6"]);
    const middle = await store.list({ limit: 3, before: newest.older ?? -1 });
    expect(emails(middle)).toEqual(["1", "2", "3"]);
    const oldest = await store.list({ limit: 3, before: middle.older ?? -1 });
    expect(emails(oldest)).toEqual(["0"]);
    expect(oldest.older).toBeNull();
    expect((await store.list()).messages).toHaveLength(7);
    expect((await store.list()).older).toBeNull();
  });
});

/** The real file, except that writes fail as `failWrite` says (a full disk, a short write). */
function failingOpen(failWrite: (attempt: number) => "short" | "enospc" | "zero" | null) {
  let attempt = 0;
  const openWithFaults: OpenStoreFile = async (file, flags) => {
    const handle = await open(file, flags);
    const write = handle.write.bind(handle) as (
      b: Buffer,
      o: number,
      l: number,
    ) => Promise<{ bytesWritten: number }>;
    return Object.assign(Object.create(handle) as typeof handle, {
      read: handle.read.bind(handle),
      stat: handle.stat.bind(handle),
      truncate: handle.truncate.bind(handle),
      sync: handle.sync.bind(handle),
      close: handle.close.bind(handle),
      write: async (bytes: Buffer, offset: number, length: number) => {
        const fault = failWrite(attempt++);
        if (fault === "zero") return { bytesWritten: 0, buffer: bytes };
        if (fault === "short") return write(bytes, offset, Math.ceil(length / 2));
        if (fault === "enospc")
          throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
        return write(bytes, offset, length);
      },
    });
  };
  return openWithFaults;
}

describe("the outbox store on a failing disk", () => {
  const rawLines = async (file: string) =>
    (await readFile(file, "utf8"))
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));

  it("finishes a short write and acknowledges only the whole line", async () => {
    const store = createOutboxStore(dir, { open: failingOpen((n) => (n < 3 ? "short" : null)) });
    await store.append(message(1));
    expect((await rawLines(store.file)).map((m) => m.template_params.to_email)).toEqual([
      "student1@example.com",
    ]);
  });

  it("cuts a half-written line off after ENOSPC, answers an error, and the next message is whole", async () => {
    const store = createOutboxStore(dir);
    await store.append(message(1));
    // The disk fills mid-line: half the bytes land, then the next write fails.
    let writes = 0;
    const full = createOutboxStore(dir, {
      open: failingOpen(() => (writes++ === 0 ? "short" : "enospc")),
    });
    await expect(full.append(message(2))).rejects.toThrow("ENOSPC");
    expect((await rawLines(store.file)).length).toBe(1);
    await store.append(message(3));
    expect((await rawLines(store.file)).map((m) => m.template_params.to_email)).toEqual([
      "student1@example.com",
      "student3@example.com",
    ]);
  });

  it("fails a write that makes no progress instead of looping or acknowledging it", async () => {
    const store = createOutboxStore(dir, { open: failingOpen(() => "zero") });
    await expect(store.append(message(1))).rejects.toThrow("short write");
    expect(await readFile(store.file, "utf8")).toBe("");
  });
});
