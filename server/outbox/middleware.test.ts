import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOutboxMiddleware, NO_RECAPTCHA_TOKEN, OUTBOX_BODY_LIMIT } from "./middleware.ts";
import { OUTBOX_FILE } from "./store.ts";
import { sampleSendBody } from "./sample-send-body.ts";

const body = {
  ...sampleSendBody,
  template_params: { ...sampleSendBody.template_params, message: "Line 1\nLine 2" },
};

let dir: string;
let server: Server;
let base: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "outbox-http-"));
  const outbox = createOutboxMiddleware({ dir });
  server = createServer((req, res) =>
    outbox(req, res, () => {
      res.statusCode = 404;
      res.end("next");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const send = (payload: string, contentType = "application/json") =>
  fetch(`${base}/outbox/api/v1.0/email/send`, {
    method: "POST",
    headers: { "Content-type": contentType },
    body: payload,
  });

describe("the outbox told to require reCAPTCHA (OUTBOX_REQUIRE_RECAPTCHA)", () => {
  it("refuses a send without a token with EmailJS's own answer, and keeps one with a token", async () => {
    const strictDir = await mkdtemp(path.join(tmpdir(), "outbox-recaptcha-"));
    const outbox = createOutboxMiddleware({ dir: strictDir, requireRecaptcha: true });
    const strict = createServer((req, res) => outbox(req, res, () => res.end()));
    await new Promise<void>((resolve) => strict.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(strict.address() as AddressInfo).port}/outbox/api/v1.0/email/send`;
    const post = (params: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-type": "application/json" },
        body: JSON.stringify({ ...body, template_params: { ...body.template_params, ...params } }),
      });
    try {
      const withoutToken: Record<string, string>[] = [{}, { "g-recaptcha-response": "" }];
      for (const params of withoutToken) {
        const refused = await post(params);
        expect(refused.status).toBe(400);
        expect(await refused.text()).toBe(NO_RECAPTCHA_TOKEN);
      }
      expect(NO_RECAPTCHA_TOKEN).toBe("reCAPTCHA: The g-recaptcha-response parameter not found");
      const taken = await post({ "g-recaptcha-response": "token-1" });
      expect(taken.status).toBe(200);
      const stored = await readFile(path.join(strictDir, OUTBOX_FILE), "utf8");
      expect(stored.trim().split("\n")).toHaveLength(1);
      expect(stored).toContain('"g-recaptcha-response":"token-1"');
    } finally {
      await new Promise((resolve) => strict.close(resolve));
      await rm(strictDir, { recursive: true, force: true });
    }
  });

  it("is off by default: a send without a token is kept", async () => {
    expect((await send(JSON.stringify(body))).status).toBe(200);
  });
});

describe("the outbox middleware", () => {
  it("answers a valid send with 200 OK and has the message on disk before answering", async () => {
    const response = await send(JSON.stringify(body));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("OK");
    const [line] = (await readFile(path.join(dir, OUTBOX_FILE), "utf8")).split("\n");
    expect(JSON.parse(line ?? "")).toMatchObject(body);
  });

  it("answers 400 with the reason for a request EmailJS would refuse", async () => {
    const response = await send(JSON.stringify({ ...body, service_id: "" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The service ID (service_id) is required.");
    const notJson = await send(JSON.stringify(body), "text/plain");
    expect(notJson.status).toBe(400);
  });

  it("answers 413 to a body over the size limit and stores nothing", async () => {
    const huge = { ...body, template_params: { message: "x".repeat(OUTBOX_BODY_LIMIT) } };
    const response = await send(JSON.stringify(huge));
    expect(response.status).toBe(413);
    const listed = await (await fetch(`${base}/outbox/messages.json`)).json();
    expect(listed).toEqual([]);
  });

  it("fits a registration with four 5,000-character values of four-byte characters", async () => {
    const long = "🎓".repeat(2500);
    const params = { from_name: long, from_email: long, phone: long, to_name: long };
    const message = Object.values(params).join("\n");
    const response = await send(
      JSON.stringify({ ...body, template_params: { ...params, message } }),
    );
    expect(response.status).toBe(200);
  });

  it("lists the stored messages as JSON in arrival order and as a page newest first", async () => {
    await send(JSON.stringify({ ...body, template_params: { subject: "First" } }));
    await send(JSON.stringify({ ...body, template_params: { subject: "Second" } }));
    const listed = (await (await fetch(`${base}/outbox/messages.json`)).json()) as {
      template_params: { subject: string };
    }[];
    expect(listed.map((m) => m.template_params.subject)).toEqual(["First", "Second"]);

    const page = await fetch(`${base}/outbox`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html.indexOf("Second")).toBeLessThan(html.indexOf("First"));
    expect((await fetch(`${base}/outbox/`)).status).toBe(200);
  });

  it("refuses other methods on its routes and leaves other paths to the next handler", async () => {
    const get = await fetch(`${base}/outbox/api/v1.0/email/send`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await fetch(`${base}/outbox`, { method: "POST" })).status).toBe(405);
    expect(await (await fetch(`${base}/`)).text()).toBe("next");
    expect(await (await fetch(`${base}/outbox-not`)).text()).toBe("next");
  });

  it("answers 400 to a target no URL parser accepts and serves the next request", async () => {
    const port = (server.address() as AddressInfo).port;
    const status = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1", () =>
        socket.write("GET //a:99999/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
      );
      let data = "";
      socket.on("data", (chunk: Buffer) => (data += chunk));
      socket.on("end", () => resolve(data.split("\r\n", 1)[0] ?? ""));
    });
    expect(status).toBe("HTTP/1.1 400 Bad Request");
    expect((await fetch(`${base}/outbox`)).status).toBe(200);
  });

  it("refuses a send from another origin or of a CORS-safelisted type, storing nothing", async () => {
    const crossSite = await fetch(`${base}/outbox/api/v1.0/email/send`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173" },
      body: JSON.stringify(body),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toBe(
      "The outbox takes requests only from this site's own pages.",
    );
    expect((await send(JSON.stringify(body), "text/plain; x=application/json")).status).toBe(400);
    expect(await (await fetch(`${base}/outbox/messages.json`)).json()).toEqual([]);
  });

  it("drops CORS headers a dev server's CORS layer may have set on an outbox answer", async () => {
    await new Promise((resolve) => server.close(resolve));
    const outbox = createOutboxMiddleware({ dir });
    server = createServer((req, res) => {
      res.setHeader("Access-Control-Allow-Origin", "http://localhost:5173");
      outbox(req, res, () => res.end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/outbox/messages.json`);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("pages back 100 messages at a time, with the cursor in a Link header and on the page", async () => {
    // The first hundred as the store writes them (one JSON line each), at once: a hundred sends,
    // each synced to disk, took 35 s on a slow runner with a busy disk. The last two are sent.
    const stored = (n: number) =>
      `${JSON.stringify({
        ...body,
        template_params: { subject: `Message ${n}` },
        id: randomUUID(),
        receivedAt: new Date().toISOString(),
      })}\n`;
    await writeFile(
      path.join(dir, OUTBOX_FILE),
      Array.from({ length: 100 }, (_, n) => stored(n)).join(""),
    );
    for (const n of [100, 101]) {
      const sent = await send(
        JSON.stringify({ ...body, template_params: { subject: `Message ${n}` } }),
      );
      expect(sent.status).toBe(200);
    }
    const first = await fetch(`${base}/outbox/messages.json`);
    const newest = (await first.json()) as { template_params: { subject: string } }[];
    expect(newest).toHaveLength(100);
    expect(newest[0]?.template_params.subject).toBe("Message 2");
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get("link") ?? "")?.[1] ?? "";
    expect(next).toMatch(/^\/outbox\/messages\.json\?before=\d+$/);
    const older = await fetch(base + next);
    expect(older.headers.get("link")).toBeNull();
    expect(((await older.json()) as unknown[]).length).toBe(2);

    const page = await (await fetch(`${base}/outbox`)).text();
    const olderPage = /<a href="([^"]+)">Older messages<\/a>/.exec(page)?.[1] ?? "";
    expect(olderPage).toBe(next.replace("/messages.json", ""));
    const second = await (await fetch(base + olderPage)).text();
    expect(second).toContain("2 messages on this page");
    expect(second).toContain('<a href="/outbox">Newest messages</a>');
    expect((await fetch(`${base}/outbox?before=x`)).status).toBe(400);
  });

  it("answers 500 saying it could not read when the store cannot list", async () => {
    await new Promise((resolve) => server.close(resolve));
    const store = {
      file: "",
      append: () => Promise.reject(new Error("EIO")),
      list: () => Promise.reject(new Error("EIO")),
    };
    const lines: string[] = [];
    const outbox = createOutboxMiddleware({ dir, store, log: (line) => lines.push(line) });
    server = createServer((req, res) => outbox(req, res, () => res.end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const listed = await fetch(`${base}/outbox/messages.json`);
    expect(listed.status).toBe(500);
    expect(await listed.text()).toBe("The outbox could not read its messages.");
    const sent = await send(JSON.stringify(body));
    expect(sent.status).toBe(500);
    expect(await sent.text()).toBe("The outbox could not store the message.");
    expect(lines).toEqual([
      "Outbox: could not read the messages: EIO",
      "Outbox: could not store the message: EIO",
    ]);
  });
});

describe("the outbox middleware with a token", () => {
  it("needs the token to read, not to send", async () => {
    const outbox = createOutboxMiddleware({ dir, token: "s3cret" });
    server.close();
    server = createServer((req, res) => outbox(req, res, () => res.end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await send(JSON.stringify(body))).status).toBe(200);
    const refused = await fetch(`${base}/outbox/messages.json`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    expect((await fetch(`${base}/outbox`)).status).toBe(401);
    expect((await fetch(`${base}/outbox?token=s3cret`)).status).toBe(200);
    const bearer = { headers: { Authorization: "Bearer s3cret" } };
    expect(await (await fetch(`${base}/outbox/messages.json`, bearer)).json()).toHaveLength(1);
  });
});
