// The outbox store at its limits on a real server process: a 1 GiB outbox file (appending and
// listing read only its end) and a full disk (a small tmpfs, where this machine can mount one).
import { spawnSync } from "node:child_process";
import { open, readFile, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { sampleSendBody } from "../server/outbox/sample-send-body.ts";
import { OUTBOX_FILE, type StoredMessage } from "../server/outbox/store.ts";
import { EMAIL_SEND_PATH, OUTBOX_ORIGIN } from "../src/registration/email-wire.ts";
import { serverCommand, startServer, tempDir } from "./support/server-process.ts";

const SEND = OUTBOX_ORIGIN + EMAIL_SEND_PATH;
const GiB = 1024 ** 3;

const send = (base: string, subject: string, message = subject) =>
  fetch(base + SEND, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...sampleSendBody, template_params: { subject, message } }),
  });

/** Bytes a process has read so far through read(2) and its kin, cached or not (Linux). */
async function bytesRead(pid: number): Promise<number> {
  const io = await readFile(`/proc/${pid}/io`, "utf8");
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1]);
}

/** Runs `work` and says how long it took and how many bytes the server read meanwhile. */
async function measured<T>(pid: number, work: () => Promise<T>): Promise<[T, number, number]> {
  const [readBefore, started] = [await bytesRead(pid), performance.now()];
  const result = await work();
  const ms = performance.now() - started;
  return [result, ms, (await bytesRead(pid)) - readBefore];
}

/** Far below the file's 1 GiB, far above its newest page of messages. */
const END_OF_FILE_BYTES = 16 * 1024 * 1024;

test.describe.configure({ mode: "serial" });

// What keeps the outbox fast at any size is that a send and a listing read only the file's end:
// that is checked, in bytes the server read, because it is exact; the times are reported (a busy
// runner's fsync of one line can take more than a second, whatever the file's size).
test("a 1 GiB outbox file: a send and the newest page each read only the file's end", async () => {
  test.setTimeout(120_000);
  const outboxDir = await tempDir("outbox-1gib-");
  try {
    // 1 GiB of real message lines: one 1 MiB block of lines written 1024 times, then synced, so
    // the timed fsync of a send does not pay for flushing the setup.
    const line = `${JSON.stringify({ id: "old", receivedAt: "2025-01-01T00:00:00.000Z", ...sampleSendBody, template_params: { subject: "old", message: "x".repeat(900) } })}\n`;
    const block = Buffer.from(line.repeat(Math.floor((1024 * 1024) / line.length)));
    const file = await open(path.join(outboxDir, OUTBOX_FILE), "w");
    for (let size = 0; size < GiB; size += block.length) await file.write(block);
    await file.sync();
    await file.close();

    const server = await startServer({ OUTBOX_DIR: outboxDir });
    const pid = server.child.pid ?? NaN;
    try {
      const [sent, sendMs, sendRead] = await measured(pid, () => send(server.base, "newest"));
      expect(sent.status).toBe(200);
      const [listed, listMs, listRead] = await measured(pid, async () => {
        const response = await fetch(`${server.base}${OUTBOX_ORIGIN}/messages.json`);
        return {
          link: response.headers.get("link"),
          messages: (await response.json()) as StoredMessage[],
        };
      });
      expect(listed.messages).toHaveLength(100);
      expect(listed.messages.at(-1)?.template_params.subject).toBe("newest");
      expect(listed.link).toMatch(/^<\/outbox\/messages\.json\?before=\d+>; rel="next"$/);
      const [page, pageMs, pageRead] = await measured(pid, () =>
        fetch(`${server.base}${OUTBOX_ORIGIN}`),
      );
      expect(await page.text()).toContain("Older messages");
      test.info().annotations.push({
        type: "timing",
        description: `1 GiB outbox: send ${sendMs.toFixed(0)} ms, messages.json ${listMs.toFixed(0)} ms, page ${pageMs.toFixed(0)} ms; read ${sendRead}, ${listRead}, ${pageRead} bytes`,
      });
      expect(sendRead, "bytes read to append a send").toBeLessThan(END_OF_FILE_BYTES);
      expect(listRead, "bytes read to list the newest messages").toBeLessThan(END_OF_FILE_BYTES);
      expect(pageRead, "bytes read to show the newest page").toBeLessThan(END_OF_FILE_BYTES);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(outboxDir, { recursive: true, force: true });
  }
});

/** Whether this machine lets us mount a tmpfs in a private mount namespace (root or user ns). */
function canMountTmpfs(dir: string): boolean {
  const probe = spawnSync("unshare", [
    "-rm",
    "sh",
    "-c",
    `mount -t tmpfs -o size=64k tmpfs "${dir}"`,
  ]);
  return probe.status === 0;
}

test("a full disk (64 KiB tmpfs): no acknowledged message lost, and the next one readable", async () => {
  const outboxDir = await tempDir("outbox-tmpfs-");
  const mountable = canMountTmpfs(outboxDir);
  if (!mountable) await rm(outboxDir, { recursive: true });
  test.skip(
    !mountable,
    "cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN or `unshare -rm` user namespaces)",
  );
  // The server runs in its own mount namespace over a 64 KiB tmpfs; this test reaches that
  // tmpfs through /proc/<pid>/root.
  const mount = `mount -t tmpfs -o size=64k tmpfs "$OUTBOX_DIR" && exec "$@"`;
  const server = await startServer({ OUTBOX_DIR: outboxDir }, [
    "unshare",
    "-rm",
    "sh",
    "-c",
    mount,
    "sh",
    ...serverCommand,
  ]);
  const inside = path.join(`/proc/${server.child.pid}/root`, outboxDir);
  try {
    // A ballast file to delete later, so the disk has room again.
    await writeFile(path.join(inside, "ballast"), Buffer.alloc(16 * 1024));
    const acknowledged: string[] = [];
    let refused = 0;
    for (let n = 0; n < 100 && refused < 2; n++) {
      const response = await send(server.base, `full-${n}`, "y".repeat(3000));
      if (response.status === 200) acknowledged.push(`full-${n}`);
      else {
        expect(response.status).toBe(500);
        expect(await response.text()).toBe("The outbox could not store the message.");
        refused++;
      }
    }
    expect(refused).toBe(2);
    expect(acknowledged.length).toBeGreaterThan(5);

    await unlink(path.join(inside, "ballast"));
    expect((await send(server.base, "after-full")).status).toBe(200);
    const text = await readFile(path.join(inside, OUTBOX_FILE), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const stored = text
      .trimEnd()
      .split("\n")
      .map((line) => (JSON.parse(line) as StoredMessage).template_params.subject);
    expect(stored).toEqual([...acknowledged, "after-full"]);
  } finally {
    await server.stop();
    await rm(outboxDir, { recursive: true, force: true });
  }
});
