// Only the site itself may use the outbox: a page on another loopback origin (another port of
// 127.0.0.1: same site, other origin; or a sandboxed page there: origin "null") can neither write
// a message nor read one. (The tests' Chromium resolves no name, not even localhost.)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/test.ts";
import { sampleSendBody } from "../server/outbox/sample-send-body.ts";
import type { StoredMessage } from "../server/outbox/store.ts";
import { EMAIL_SEND_PATH, OUTBOX_ORIGIN } from "../src/registration/email-wire.ts";

let other: Server;
let otherOrigin: string;

test.beforeAll(async () => {
  other = createServer((req, res) => {
    if (req.url === "/sandboxed") res.setHeader("Content-Security-Policy", "sandbox allow-scripts");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end("<!doctype html><title>Another local site</title><p>Another local site</p>");
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise((resolve) => other.close(resolve)));

type Attempts = { noCors: string; preflighted: string; read: string };

for (const [origin, pagePath] of [
  ["a page on another port of 127.0.0.1", "/"],
  ["a sandboxed page (origin null)", "/sandboxed"],
]) {
  test(`${origin} cannot write to or read the outbox`, async ({ page, request, baseURL }) => {
    const target = new URL(baseURL ?? "");
    await page.goto(`${otherOrigin}${pagePath}`);
    const marker = `cross-origin-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const body = JSON.stringify({
      ...sampleSendBody,
      template_params: { subject: marker, message: marker },
    });
    const attempts = await page.evaluate(
      async ({ send, list, body }): Promise<Attempts> => {
        const outcome = (work: Promise<Response>) =>
          work.then(
            async (response) => `${response.type} ${response.status} ${await response.text()}`,
            (error: Error) => `failed: ${error.name}`,
          );
        return {
          // A CORS-safelisted request: the browser sends it without asking; only the server can refuse.
          noCors: await outcome(
            fetch(send, {
              method: "POST",
              mode: "no-cors",
              headers: { "Content-Type": "text/plain" },
              body,
            }),
          ),
          preflighted: await outcome(
            fetch(send, { method: "POST", headers: { "Content-Type": "application/json" }, body }),
          ),
          read: await outcome(fetch(list)),
        };
      },
      {
        send: `${target.origin}${OUTBOX_ORIGIN}${EMAIL_SEND_PATH}`,
        list: `${target.origin}${OUTBOX_ORIGIN}/messages.json`,
        body,
      },
    );
    expect(attempts).toEqual({
      noCors: "opaque 0 ",
      preflighted: "failed: TypeError",
      read: "failed: TypeError",
    });

    const stored = (await (
      await request.get(`${OUTBOX_ORIGIN}/messages.json`)
    ).json()) as StoredMessage[];
    expect(stored.filter((message) => message.template_params.subject === marker)).toEqual([]);
  });
}

test("the site's own page may send (same origin) and the outbox shows the message", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const marker = `same-origin-${Date.now()}`;
  const status = await page.evaluate(
    async ({ send, body }) =>
      (await fetch(send, { method: "POST", headers: { "Content-Type": "application/json" }, body }))
        .status,
    {
      send: `${OUTBOX_ORIGIN}${EMAIL_SEND_PATH}`,
      body: JSON.stringify({ ...sampleSendBody, template_params: { subject: marker } }),
    },
  );
  expect(status).toBe(200);
  const stored = (await (
    await request.get(`${OUTBOX_ORIGIN}/messages.json`)
  ).json()) as StoredMessage[];
  expect(stored.map((message) => message.template_params.subject)).toContain(marker);
});

test("the outbox refuses a foreign Host (DNS rebinding)", async ({ request }) => {
  const response = await request.get(`${OUTBOX_ORIGIN}/messages.json`, {
    headers: { Host: "rebind.example" },
  });
  expect(response.status()).toBe(403);
});
