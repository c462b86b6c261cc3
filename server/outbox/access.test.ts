import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import {
  allowedHostNames,
  checkHost,
  checkSameOrigin,
  checkToken,
  isLoopbackHost,
} from "./access.ts";

const request = (headers: Record<string, string>, localPort = 4173) =>
  ({ headers, socket: { localPort } }) as unknown as IncomingMessage;

describe("isLoopbackHost", () => {
  it("knows the loopback addresses and names", () => {
    for (const host of ["127.0.0.1", "127.8.9.10", "localhost", "::1", "[::1]"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "example.com", "127.0.0.1.example.com"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe("checkHost", () => {
  const loopback = allowedHostNames("127.0.0.1");

  it("accepts the loopback names with this server's port", () => {
    for (const host of ["localhost:4173", "127.0.0.1:4173", "[::1]:4173", "LOCALHOST:4173"]) {
      expect(checkHost(request({ host }), loopback), host).toBeNull();
    }
  });

  it("refuses other names (DNS rebinding), other ports and a missing Host", () => {
    for (const host of [
      "evil.example:4173",
      "localhost:4174",
      "localhost",
      "127.0.0.1.nip.io:4173",
      "",
    ]) {
      expect(checkHost(request({ host }), loopback)?.status, host).toBe(403);
    }
  });

  it("accepts the configured HOST, and a name without port on port 80", () => {
    expect(checkHost(request({ host: "10.0.0.7:4173" }), allowedHostNames("10.0.0.7"))).toBeNull();
    expect(checkHost(request({ host: "localhost" }, 80), loopback)).toBeNull();
  });
});

describe("checkSameOrigin", () => {
  const host = "127.0.0.1:4173";

  it("allows the page itself, a typed address, and clients that send no browser headers", () => {
    expect(
      checkSameOrigin(request({ host, "sec-fetch-site": "same-origin", origin: `http://${host}` })),
    ).toBeNull();
    expect(checkSameOrigin(request({ host, "sec-fetch-site": "none" }))).toBeNull();
    expect(checkSameOrigin(request({ host }))).toBeNull();
  });

  it("refuses other sites, other ports of the same site, and the null origin", () => {
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "http://127.0.0.1:5173" },
      { origin: "http://localhost:4173" },
      { origin: "null" },
    ];
    for (const headers of refused) {
      expect(checkSameOrigin(request({ host, ...headers }))?.status, JSON.stringify(headers)).toBe(
        403,
      );
    }
  });

  it("lets a link from elsewhere open the page (a navigation reads nothing)", () => {
    const link = {
      host,
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    };
    expect(checkSameOrigin(request(link), { navigation: true })).toBeNull();
    expect(checkSameOrigin(request(link))?.status).toBe(403);
    const framed = { ...link, "sec-fetch-dest": "iframe" };
    expect(checkSameOrigin(request(framed), { navigation: true })?.status).toBe(403);
  });
});

describe("checkToken", () => {
  const url = (query = "") => new URL(`http://127.0.0.1/outbox${query}`);

  it("needs nothing without a configured token", () => {
    expect(checkToken(request({}), url(), undefined)).toBeNull();
  });

  it("takes the token from ?token= or Authorization: Bearer, and nothing else", () => {
    expect(checkToken(request({}), url("?token=s3cret"), "s3cret")).toBeNull();
    expect(checkToken(request({ authorization: "Bearer s3cret" }), url(), "s3cret")).toBeNull();
    expect(checkToken(request({}), url(), "s3cret")?.status).toBe(401);
    expect(checkToken(request({}), url("?token=s3cre"), "s3cret")?.status).toBe(401);
    expect(checkToken(request({ authorization: "Basic s3cret" }), url(), "s3cret")?.status).toBe(
      401,
    );
    expect(
      checkToken(request({ authorization: "Bearer wrong" }), url("?token=s3cret"), "s3cret")
        ?.status,
    ).toBe(401);
  });
});
