// Who may use the outbox: only the site itself. Requests must name this server in `Host`
// (loopback names or the configured HOST: no DNS rebinding), come from its own origin
// (`Sec-Fetch-Site` / `Origin`: no other page, not even another localhost port), and, when the
// server is reachable from the network, reads must carry OUTBOX_TOKEN.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { networkInterfaces } from "node:os";

export type Refusal = { status: 401 | 403; reason: string };

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  return name === "localhost" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

const bracketed = (name: string) => (name.includes(":") ? `[${name}]` : name);

/** The host names this server answers to: loopback, HOST, and every local address for 0.0.0.0. */
export function allowedHostNames(configuredHost = "127.0.0.1"): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (WILDCARD_HOSTS.has(configuredHost)) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const { address } of addresses ?? []) names.add(bracketed(address.toLowerCase()));
    }
  } else {
    names.add(bracketed(configuredHost.replace(/^\[|\]$/g, "").toLowerCase()));
  }
  return names;
}

/** `Host` must be one of the allowed names with this server's port (the port a browser shows). */
export function checkHost(req: IncomingMessage, allowed: ReadonlySet<string>): Refusal | null {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(req.headers.host ?? "");
  const port = match?.[2] ?? "80";
  if (match && allowed.has((match[1] ?? "").toLowerCase()) && port === String(req.socket.localPort))
    return null;
  return { status: 403, reason: "The outbox answers only at this server's own address." };
}

/**
 * Refuses requests another site (or another port of localhost) makes the browser send. Browsers
 * label them with `Sec-Fetch-Site`; older ones still send `Origin` on every POST. A request with
 * neither (curl, scripts on this machine) is allowed. `navigation` allows a visitor to follow a
 * link to the page: a top-level page load lets the linking site read nothing.
 */
export function checkSameOrigin(req: IncomingMessage, { navigation = false } = {}): Refusal | null {
  const site = req.headers["sec-fetch-site"];
  const isNavigation =
    navigation &&
    req.headers["sec-fetch-mode"] === "navigate" &&
    req.headers["sec-fetch-dest"] === "document";
  const origin = req.headers.origin;
  const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
  const foreignOrigin = origin !== undefined && origin !== `http://${req.headers.host ?? ""}`;
  if ((crossSite || foreignOrigin) && !isNavigation)
    return { status: 403, reason: "The outbox takes requests only from this site's own pages." };
  return null;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** With a token configured, reads need `?token=` or `Authorization: Bearer` (compared in constant time). */
export function checkToken(
  req: IncomingMessage,
  url: URL,
  token: string | undefined,
): Refusal | null {
  if (!token) return null;
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const given = bearer ?? url.searchParams.get("token") ?? "";
  if (timingSafeEqual(digest(given), digest(token))) return null;
  return {
    status: 401,
    reason: "The outbox needs its token: add ?token=… (OUTBOX_TOKEN) to the address.",
  };
}
