import { describe, expect, it } from "vitest";
import { causeOfFetchError, causeOfNetError } from "./network-failure.ts";

/** A failed Node fetch as undici throws it: a TypeError whose cause is the system's error. */
const fetchFailed = (code: string) =>
  Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(code), { code }) });

describe("causeOfFetchError", () => {
  it.each([
    ["ENOTFOUND", "dns"],
    ["EAI_AGAIN", "dns"],
    ["ECONNREFUSED", "refused"],
    ["ECONNRESET", "cut"],
    ["UND_ERR_SOCKET", "cut"],
    ["CERT_HAS_EXPIRED", "tls"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "tls"],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "tls"],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "tls"],
    ["UND_ERR_CONNECT_TIMEOUT", "timeout"],
  ])("reads %s as %s", (code, cause) => {
    expect(causeOfFetchError(fetchFailed(code))).toEqual({ cause, code });
  });

  it("reads the check's own time limit as a timeout", () => {
    const error = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    expect(causeOfFetchError(error).cause).toBe("timeout");
  });

  it("keeps the message of anything else", () => {
    expect(causeOfFetchError(new Error("odd"))).toEqual({ cause: "other", code: "odd" });
  });
});

describe("causeOfNetError", () => {
  it.each([
    ["net::ERR_NAME_NOT_RESOLVED", "dns"],
    ["net::ERR_CONNECTION_REFUSED", "refused"],
    ["net::ERR_CONNECTION_RESET", "cut"],
    ["net::ERR_EMPTY_RESPONSE", "cut"],
    ["net::ERR_ADDRESS_UNREACHABLE", "cut"],
    ["net::ERR_CERT_DATE_INVALID", "tls"],
    ["net::ERR_SSL_PROTOCOL_ERROR", "tls"],
    ["net::ERR_CONNECTION_TIMED_OUT", "timeout"],
    ["net::ERR_FAILED", "cors"],
    ["net::ERR_ABORTED", "other"],
  ])("reads %s as %s", (text, cause) => {
    expect(causeOfNetError(text)).toBe(cause);
  });

  it("reads a page.goto error, which follows the net error with the address", () => {
    expect(causeOfNetError("page.goto: net::ERR_NAME_NOT_RESOLVED at http://x.test/")).toBe("dns");
  });
});
