import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { guardRequest, parseTarget } from "./request-guard.ts";

describe("parseTarget", () => {
  it("gives the URL and the decoded path of a well-formed target", () => {
    expect(parseTarget("/a%20b?x=1")?.path).toBe("/a b");
    expect(parseTarget("/outbox/messages.json?before=3")?.url.searchParams.get("before")).toBe("3");
  });

  it("has no target for what no URL parser accepts", () => {
    for (const target of [
      "//a:99999/",
      "//[",
      "//a:b/",
      "//%zz/",
      "//a%00b/",
      "/%zz",
      "/%E0%A4%A",
    ]) {
      expect(parseTarget(target), target).toBeNull();
    }
  });
});

describe("guardRequest", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  async function serve(handle: (path: string) => void | Promise<void>) {
    const lines: string[] = [];
    server = createServer((req, res) =>
      guardRequest(
        req,
        res,
        (line) => lines.push(line),
        async ({ path }) => {
          await handle(path);
          res.end("fine");
        },
      ),
    );
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, lines };
  }

  it("answers 500 for a thrown or rejected error, logs one line, and serves the next request", async () => {
    const { base, lines } = await serve((path) => {
      if (path === "/throw") throw new Error("boom\nsecond line");
      if (path === "/reject") return Promise.reject(new Error("later"));
    });
    const thrown = await fetch(`${base}/throw`);
    expect(thrown.status).toBe(500);
    expect(await thrown.text()).toBe("Internal server error");
    expect((await fetch(`${base}/reject`)).status).toBe(500);
    expect(await (await fetch(`${base}/ok`)).text()).toBe("fine");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^unexpected error: Error: boom second line/);
    expect(lines.every((line) => !line.includes("\n"))).toBe(true);
  });

  it("answers 400 for a percent-encoding that does not decode", async () => {
    const { base, lines } = await serve(() => {});
    const response = await fetch(`${base}/%zz`);
    expect(response.status).toBe(400);
    expect(lines).toEqual(["the request target is not a valid URL"]);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });
});
