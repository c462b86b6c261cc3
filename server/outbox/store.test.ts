import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmailSendBody } from "../../src/registration/email-wire.ts";
import { createOutboxStore, OUTBOX_FILE } from "./store.ts";

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
    expect(await createOutboxStore(path.join(dir, "not-yet")).list()).toEqual([]);
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
    const listed = await store.list();
    expect(listed.map((m) => m.template_params.to_email)).toEqual(
      Array.from({ length: 50 }, (_, n) => `student${n}@example.com`),
    );
    expect(new Set(listed.map((m) => m.id)).size).toBe(50);
  });

  it("loses nothing across a restart: a new store reads the old lines and appends after them", async () => {
    await createOutboxStore(dir).append(message(1));
    const restarted = createOutboxStore(dir);
    expect((await restarted.list()).map((m) => m.template_params.to_email)).toEqual([
      "student1@example.com",
    ]);
    await restarted.append(message(2));
    expect((await createOutboxStore(dir).list()).map((m) => m.template_params.to_email)).toEqual([
      "student1@example.com",
      "student2@example.com",
    ]);
  });

  it("skips a line torn by a crash and starts the next message on a line of its own", async () => {
    const first = JSON.stringify({ ...message(1), id: "a", receivedAt: "2025-01-01T00:00:00Z" });
    await writeFile(path.join(dir, OUTBOX_FILE), `${first}\n{"lib_version":"3.2`);
    const store = createOutboxStore(dir);
    await store.append(message(2));
    expect((await store.list()).map((m) => m.template_params.to_email)).toEqual([
      "student1@example.com",
      "student2@example.com",
    ]);
  });
});
