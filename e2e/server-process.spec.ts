// The real server process (server/start.ts) under hostile and faulty conditions: malformed
// targets, foreign hosts, bad settings at start, and `kill -9` in the middle of a burst of sends.
import { readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { sampleSendBody } from "../server/outbox/sample-send-body.ts";
import { OUTBOX_FILE, type StoredMessage } from "../server/outbox/store.ts";
import { EMAIL_SEND_PATH, OUTBOX_ORIGIN } from "../src/registration/email-wire.ts";
import { rawGet, runToExit, startServer, tempDir } from "./support/server-process.ts";

const SEND = OUTBOX_ORIGIN + EMAIL_SEND_PATH;
const sendBody = (marker: string) =>
  JSON.stringify({ ...sampleSendBody, template_params: { subject: marker, message: marker } });

test.describe.configure({ mode: "serial" });

test("a malformed request target is answered 400 and the server keeps serving", async () => {
  const server = await startServer();
  try {
    for (const target of ["//a:99999/", "//[", "//a:b/", "//%zz/", "//a%00b/", "/%zz"]) {
      expect(await rawGet(server.port, target), target).toBe("HTTP/1.1 400 Bad Request");
      expect(await rawGet(server.port, "/"), `after ${target}`).toBe("HTTP/1.1 200 OK");
    }
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes("//a:99999/"));
    expect(lines).toEqual([expect.stringMatching(/^GET \/\/a:99999\/ 400 .*not a valid URL/)]);
  } finally {
    await server.stop();
  }
});

test("host files are not served however the path is spelled", async () => {
  const server = await startServer();
  try {
    for (const target of [
      "/_headers/",
      "/%5Fheaders",
      "/vercel.json/",
      "/%76ercel.json",
      "//vercel.json",
      "/_HEADERS",
    ]) {
      expect(await rawGet(server.port, target), target).toBe("HTTP/1.1 404 Not Found");
    }
  } finally {
    await server.stop();
  }
});

test("the outbox answers only to this server's own names (no DNS rebinding)", async () => {
  const server = await startServer();
  try {
    for (const route of [OUTBOX_ORIGIN, `${OUTBOX_ORIGIN}/messages.json`]) {
      expect(await rawGet(server.port, route, `rebind.example:${server.port}`)).toBe(
        "HTTP/1.1 403 Forbidden",
      );
      expect(await rawGet(server.port, route, "127.0.0.1:1")).toBe("HTTP/1.1 403 Forbidden");
      for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
        expect(await rawGet(server.port, route, `${host}:${server.port}`), host).toBe(
          "HTTP/1.1 200 OK",
        );
      }
    }
  } finally {
    await server.stop();
  }
});

test("with OUTBOX_TOKEN, reading the outbox needs it and the log never shows it", async () => {
  const server = await startServer({ OUTBOX_TOKEN: "t0ken-for-the-test" });
  try {
    const list = `${server.base}${OUTBOX_ORIGIN}/messages.json`;
    expect((await fetch(list)).status).toBe(401);
    expect((await fetch(`${list}?token=wrong`)).status).toBe(401);
    expect((await fetch(`${list}?token=t0ken-for-the-test`)).status).toBe(200);
    const bearer = { headers: { Authorization: "Bearer t0ken-for-the-test" } };
    expect((await fetch(`${server.base}${OUTBOX_ORIGIN}`, bearer)).status).toBe(200);
    const sent = await fetch(server.base + SEND, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: sendBody("with-token"),
    });
    expect(sent.status).toBe(200);
    expect(server.output()).toContain("?token=… 200");
    expect(server.output()).not.toContain("t0ken-for-the-test");
  } finally {
    await server.stop();
  }
});

test.describe("a server that cannot work does not start, and says why in one line", () => {
  const oneLine = (output: string) => output.trim().split("\n");

  test("HOST=0.0.0.0 without OUTBOX_TOKEN", async () => {
    const { code, output } = await runToExit({ HOST: "0.0.0.0", PORT: "0", OUTBOX_TOKEN: "" });
    expect(code).toBe(1);
    expect(oneLine(output)).toEqual([expect.stringContaining("set OUTBOX_TOKEN")]);
  });

  test("no built site", async () => {
    const empty = await tempDir("no-dist-");
    const { code, output } = await runToExit({ DIST_DIR: empty, PORT: "0" });
    await rm(empty, { recursive: true });
    expect(code).toBe(1);
    expect(oneLine(output)).toEqual([expect.stringContaining("run `npm run build`")]);
  });

  test("an outbox folder that cannot be written", async () => {
    const dir = await tempDir("outbox-file-");
    await writeFile(path.join(dir, "file"), "");
    const { code, output } = await runToExit({
      OUTBOX_DIR: path.join(dir, "file", "outbox"),
      PORT: "0",
    });
    await rm(dir, { recursive: true });
    expect(code).toBe(1);
    expect(oneLine(output)).toEqual([expect.stringMatching(/is not writable .*set OUTBOX_DIR/)]);
  });

  test("a busy port", async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const port = (busy.address() as net.AddressInfo).port;
    const outbox = await tempDir("outbox-busy-");
    const { code, output } = await runToExit({
      PORT: String(port),
      HOST: "127.0.0.1",
      OUTBOX_DIR: outbox,
    });
    busy.close();
    await rm(outbox, { recursive: true });
    expect(code).toBe(1);
    expect(oneLine(output)).toEqual([expect.stringContaining(`already in use`)]);
    expect(output).toContain(`npm start -- --port ${port + 1}`);
  });
});

test("kill -9 during a burst of 200 sends: every acknowledged message is on disk and readable", async () => {
  test.setTimeout(60_000);
  const outboxDir = await tempDir("outbox-kill-");
  const server = await startServer({ OUTBOX_DIR: outboxDir });
  const acknowledged: string[] = [];
  // Twenty senders at a time, each sending again as soon as it is answered: the kill lands with
  // sends on their way, and no send starts after it. (All 200 at once, a busy runner's test
  // process took its 60th answer only after the server had answered them all.)
  let sent = 0;
  const sender = async () => {
    while (sent < 200) {
      const marker = `burst-${sent++}`;
      const response = await fetch(server.base + SEND, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: sendBody(marker),
      }).catch(() => undefined);
      if (response?.status !== 200) return;
      acknowledged.push(marker);
      if (acknowledged.length === 60) server.child.kill("SIGKILL");
    }
  };
  await Promise.all(Array.from({ length: 20 }, sender));
  await server.stop();
  expect(acknowledged.length).toBeGreaterThanOrEqual(60);
  expect(acknowledged.length).toBeLessThan(200);

  const lines = (await readFile(path.join(outboxDir, OUTBOX_FILE), "utf8")).split("\n");
  const torn = lines.pop(); // after the last newline: empty, or a line the kill cut (never acknowledged)
  const stored = lines.map((line) => (JSON.parse(line) as StoredMessage).template_params.subject);
  expect(stored).toEqual(expect.arrayContaining(acknowledged));
  if (torn) expect(acknowledged.some((marker) => torn.includes(`"${marker}"`))).toBe(false);

  // The restarted server appends after whatever the kill left and lists it.
  const restarted = await startServer({ OUTBOX_DIR: outboxDir });
  try {
    const response = await fetch(restarted.base + SEND, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: sendBody("after-restart"),
    });
    expect(response.status).toBe(200);
    const listed = (await (
      await fetch(`${restarted.base}${OUTBOX_ORIGIN}/messages.json`)
    ).json()) as StoredMessage[];
    expect(listed.at(-1)?.template_params.subject).toBe("after-restart");
  } finally {
    await restarted.stop();
    await rm(outboxDir, { recursive: true, force: true });
  }
});
