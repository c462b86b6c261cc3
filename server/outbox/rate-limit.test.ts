import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createOutboxMiddleware } from "./middleware.ts";
import { createRateLimiter, parseRateLimit } from "./rate-limit.ts";
import { sampleSendBody } from "./sample-send-body.ts";

describe("parseRateLimit", () => {
  it("is off when unset or empty and a whole number of sends per second otherwise", () => {
    expect(parseRateLimit(undefined)).toBeUndefined();
    expect(parseRateLimit(" ")).toBeUndefined();
    expect(parseRateLimit("1")).toBe(1);
    expect(parseRateLimit("25")).toBe(25);
  });

  it("refuses values that would silently mean something else", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "1/s"]) {
      expect(() => parseRateLimit(bad)).toThrow(/OUTBOX_RATE_LIMIT must be a whole number/);
    }
  });
});

describe("createRateLimiter", () => {
  it("accepts N sends in a second and refuses the next until the oldest is a second old", () => {
    let time = 10_000;
    const limiter = createRateLimiter(2, () => time);
    expect(limiter.take()).toBeUndefined();
    time += 300;
    expect(limiter.take()).toBeUndefined();
    time += 100;
    expect(limiter.take()).toBe(1);
    time = 10_999;
    expect(limiter.take()).toBe(1);
    time = 11_000;
    expect(limiter.take()).toBeUndefined();
    expect(limiter.take()).toBe(1);
  });

  it("does not count refused sends, so a client retrying fast is not locked out", () => {
    let time = 0;
    const limiter = createRateLimiter(1, () => time);
    expect(limiter.take()).toBeUndefined();
    for (time = 100; time < 1000; time += 100) expect(limiter.take()).toBe(1);
    time = 1000;
    expect(limiter.take()).toBeUndefined();
  });
});

describe("the outbox with OUTBOX_RATE_LIMIT", () => {
  it("answers sends beyond the limit with 429, a text body and Retry-After, and stores only the accepted", async () => {
    // The clock stands still (only Date: the sockets and the disk run as usual), so both sends
    // fall in one second however long the first one's write to disk takes on a busy runner.
    vi.useFakeTimers({ toFake: ["Date"] });
    const dir = await mkdtemp(path.join(tmpdir(), "outbox-rate-"));
    const outbox = createOutboxMiddleware({ dir, rateLimit: 1 });
    const server = createServer((req, res) => outbox(req, res, () => res.end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const send = () =>
        fetch(`${base}/outbox/api/v1.0/email/send`, {
          method: "POST",
          headers: { "Content-type": "application/json" },
          body: JSON.stringify(sampleSendBody),
        });
      const [first, second] = [await send(), await send()];
      expect(first.status).toBe(200);
      expect(second.status).toBe(429);
      expect(second.headers.get("retry-after")).toBe("1");
      expect(second.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await second.text()).toBe("Too Many Requests");
      // Reading the outbox is not a send and is never limited.
      const listed = await (await fetch(`${base}/outbox/messages.json`)).json();
      expect(listed).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
