import { describe, expect, it } from "vitest";
import {
  BACKOFF_CAP_MS,
  backoffDelay,
  describeSendError,
  isRateLimited,
  isWorthResending,
  SendTimeoutError,
} from "./send-policy.ts";

describe("describeSendError", () => {
  it("turns every kind of send failure into a readable reason", () => {
    expect(describeSendError({ status: 400, text: "The service ID is invalid" })).toBe(
      "HTTP 400: The service ID is invalid",
    );
    expect(describeSendError({ status: 0, text: "" })).toBe("network error, no response");
    expect(describeSendError({ status: 502 })).toBe("HTTP 502");
    expect(describeSendError(new SendTimeoutError(15_000))).toBe("no answer within 15000 ms");
    expect(describeSendError("The user ID is required.")).toBe("The user ID is required.");
  });
});

describe("isRateLimited", () => {
  it("is true only for a 429 answer", () => {
    expect(isRateLimited({ status: 429, text: "Too Many Requests" })).toBe(true);
    for (const other of [{ status: 500 }, { status: 400 }, { status: 0 }, "429", null]) {
      expect(isRateLimited(other)).toBe(false);
    }
  });
});

describe("backoffDelay", () => {
  it("waits about a second at first, then doubles the ceiling up to the cap", () => {
    const ceilings = [1, 2, 3, 4, 10].map((retry) => backoffDelay(retry, () => 1));
    expect(ceilings).toEqual([2000, 4000, BACKOFF_CAP_MS, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    expect(backoffDelay(1, () => 0.5)).toBe(1000);
  });

  it("spreads visitors over the whole range below the ceiling (full jitter)", () => {
    expect(backoffDelay(1, () => 0)).toBe(0);
    expect(backoffDelay(2, () => 0.25)).toBe(1000);
  });
});

describe("isWorthResending", () => {
  it("keeps for later what waiting can cure: no network, no answer, 429 and 5xx", () => {
    expect(isWorthResending({ status: 0, text: "" })).toBe(true);
    expect(isWorthResending(new SendTimeoutError(15_000))).toBe(true);
    expect(isWorthResending(new TypeError("Failed to fetch dynamically imported module"))).toBe(
      true,
    );
    expect(isWorthResending({ status: 429, text: "Too Many Requests" })).toBe(true);
    expect(isWorthResending({ status: 500, text: "Internal error" })).toBe(true);
    expect(isWorthResending({ status: 503 })).toBe(true);
  });

  it("does not resend what would fail the same way: other 4xx and the client's refusals", () => {
    expect(isWorthResending({ status: 400, text: "The service ID is invalid" })).toBe(false);
    expect(isWorthResending({ status: 403 })).toBe(false);
    expect(isWorthResending({ status: 404 })).toBe(false);
    expect(isWorthResending({ status: 422 })).toBe(false);
    expect(isWorthResending("The user ID is required.")).toBe(false);
    expect(isWorthResending(new Error("something else"))).toBe(false);
    expect(isWorthResending({ status: "503" })).toBe(false);
    expect(isWorthResending(null)).toBe(false);
  });
});
