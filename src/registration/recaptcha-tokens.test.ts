import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CHALLENGE_MS,
  createTokenSource,
  TOKEN_MAX_AGE_MS,
  type RecaptchaWidget,
  type TokenSourceOptions,
} from "./recaptcha-tokens.ts";

/**
 * A fake of Google's invisible widget: each execute is held until the test answers it, and the
 * challenge is on screen when the test says so.
 */
function fakeGoogle() {
  const asked: { resolve: (token: string) => void; reject: (error: Error) => void }[] = [];
  let loads = 0;
  let failLoad = false;
  const state = { challenge: false, cancelled: 0 };
  const widget: RecaptchaWidget = {
    execute: () => new Promise((resolve, reject) => asked.push({ resolve, reject })),
    cancel: () => {
      state.cancelled += 1;
      state.challenge = false;
      asked.at(-1)?.reject(new Error("cancelled"));
    },
  };
  const options: TokenSourceOptions = {
    widget: () => {
      loads += 1;
      return failLoad ? Promise.reject(new Error("script blocked")) : Promise.resolve(widget);
    },
    challengeShown: () => state.challenge,
  };
  return {
    asked,
    state,
    options,
    loads: () => loads,
    blockScript: (blocked: boolean) => (failLoad = blocked),
    /** Google's widget reports an error for the `index`th request (often the network). */
    fail: async (index: number) => {
      await vi.advanceTimersByTimeAsync(0);
      asked[index]?.reject(new Error("reCAPTCHA reported an error"));
      await vi.advanceTimersByTimeAsync(0);
    },
    /** Google answers the `index`th request with `token`. */
    answer: async (index: number, token: string) => {
      await vi.advanceTimersByTimeAsync(0);
      asked[index]?.resolve(token);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

const wait = { waitMs: 15_000 };

beforeEach(() => vi.useFakeTimers({ now: new Date("2025-06-05T18:30:00Z") }));
afterEach(() => vi.useRealTimers());

describe("reCAPTCHA tokens", () => {
  it("asks Google on the first touch and hands that token to the first send, once", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch();
    tokens.prefetch();
    await google.answer(0, "first");
    expect(google.asked).toHaveLength(1);
    await expect(tokens.take(wait)).resolves.toBe("first");
    // Used: the next send gets a token of its own.
    const second = tokens.take(wait);
    await google.answer(1, "second");
    await expect(second).resolves.toBe("second");
    expect(google.asked).toHaveLength(2);
  });

  it("asks for two tokens on the first touch, one after the other, and neither send waits", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch(2);
    // Every touch asks again; the widget answers one ask at a time.
    tokens.prefetch(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(google.asked).toHaveLength(1);
    await google.answer(0, "admin-token");
    expect(google.asked).toHaveLength(2);
    await google.answer(1, "student-token");
    tokens.prefetch(2);
    await expect(tokens.take(wait)).resolves.toBe("admin-token");
    // The flow's ask during the admin send finds the student's token ready.
    tokens.prefetch();
    await expect(tokens.take(wait)).resolves.toBe("student-token");
    await vi.advanceTimersByTimeAsync(0);
    expect(google.asked).toHaveLength(2);
  });

  it("pressed before the first token came, the student's is asked for once the admin's is in", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch(2);
    const admin = tokens.take(wait);
    tokens.prefetch();
    await google.answer(0, "admin-token");
    await expect(admin).resolves.toBe("admin-token");
    const student = tokens.take(wait);
    await google.answer(1, "student-token");
    await expect(student).resolves.toBe("student-token");
    expect(google.asked).toHaveLength(2);
  });

  it("asks for the next token while a send is in flight, and the next send gets it", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const first = tokens.take(wait);
    await google.answer(0, "admin-token");
    await expect(first).resolves.toBe("admin-token");
    tokens.prefetch();
    await google.answer(1, "student-token");
    await expect(tokens.take(wait)).resolves.toBe("student-token");
    expect(google.asked).toHaveLength(2);
  });

  it("asks nothing more while a token a send has taken is on its way (a new ask would cancel it)", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const taken = tokens.take(wait);
    await vi.advanceTimersByTimeAsync(0);
    tokens.prefetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(google.asked).toHaveLength(1);
    await google.answer(0, "first");
    await expect(taken).resolves.toBe("first");
    tokens.prefetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(google.asked).toHaveLength(2);
  });

  it("asks again when the token it holds is older than the limit", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch();
    await google.answer(0, "old");
    await vi.advanceTimersByTimeAsync(TOKEN_MAX_AGE_MS);
    tokens.prefetch();
    const taken = tokens.take(wait);
    await google.answer(1, "fresh");
    await expect(taken).resolves.toBe("fresh");
    expect(google.asked).toHaveLength(2);
  });

  it("asks again at the send when the token asked for on the first touch never came", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch();
    // Google showed a challenge at the first touch and the visitor closed it: no answer, ever.
    await vi.advanceTimersByTimeAsync(30_000);
    const taken = tokens.take(wait);
    await google.answer(1, "asked-again");
    await expect(taken).resolves.toBe("asked-again");
  });

  it("fails at once when Google's script cannot load, and loads it again on the next ask", async () => {
    const google = fakeGoogle();
    google.blockScript(true);
    const tokens = createTokenSource(google.options);
    await expect(tokens.take(wait)).rejects.toThrow("script blocked");
    google.blockScript(false);
    const taken = tokens.take(wait);
    await google.answer(0, "after");
    await expect(taken).resolves.toBe("after");
    expect(google.loads()).toBe(2);
  });

  it("gives up on a token that does not come within the wait", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const taken = tokens.take({ waitMs: 15_000 });
    const failed = expect(taken).rejects.toThrow(/no token within 15\d{3} ms/);
    await vi.advanceTimersByTimeAsync(15_250);
    await failed;
  });

  it("waits while the visitor solves a challenge, and says when it shows and goes", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const onChallenge = vi.fn();
    const taken = tokens.take({ waitMs: 15_000, onChallenge });
    await vi.advanceTimersByTimeAsync(1000);
    google.state.challenge = true;
    // Far longer than the wait without a challenge.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onChallenge.mock.calls).toEqual([[true]]);
    google.state.challenge = false;
    await google.answer(0, "solved");
    await expect(taken).resolves.toBe("solved");
    expect(onChallenge.mock.calls).toEqual([[true], [false]]);
  });

  it("fails soon after the visitor closes the challenge", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const onChallenge = vi.fn();
    const taken = tokens.take({ waitMs: 15_000, onChallenge });
    const failed = expect(taken).rejects.toThrow("the visitor closed the challenge");
    google.state.challenge = true;
    await vi.advanceTimersByTimeAsync(5000);
    google.state.challenge = false;
    await vi.advanceTimersByTimeAsync(1500);
    await failed;
    expect(onChallenge.mock.calls).toEqual([[true], [false]]);
  });

  it("quiet, takes a challenge down within 50 ms, says it showed, and fails as worth another try", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const onChallenge = vi.fn();
    const signed = tokens.sign({}, { waitMs: 15_000, onChallenge, quiet: true });
    const failed = expect(signed).rejects.toMatchObject({
      message: "no reCAPTCHA token: a challenge waits for the visitor to ask for it",
      closedByVisitor: false,
    });
    await vi.advanceTimersByTimeAsync(1000);
    google.state.challenge = true;
    await vi.advanceTimersByTimeAsync(50);
    await failed;
    expect(google.state.cancelled).toBe(1);
    expect(onChallenge.mock.calls).toEqual([[true], [false]]);
    // Asked, the next send's challenge is the visitor's to solve.
    const asked = tokens.take({ waitMs: 15_000 });
    google.state.challenge = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(google.state.cancelled).toBe(1);
    google.state.challenge = false;
    await google.answer(1, "solved");
    await expect(asked).resolves.toBe("solved");
  });

  it("quiet, takes a token that comes without a challenge", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const taken = tokens.take({ waitMs: 15_000, quiet: true });
    await google.answer(0, "quiet");
    await expect(taken).resolves.toBe("quiet");
    expect(google.state.cancelled).toBe(0);
  });

  it("ends a challenge nobody solves after its own limit", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const taken = tokens.take(wait);
    const failed = expect(taken).rejects.toThrow(/no token within/);
    google.state.challenge = true;
    await vi.advanceTimersByTimeAsync(CHALLENGE_MS + 500);
    await failed;
  });

  it("signs a send's params with the token, or says there is none", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const signed = tokens.sign({ subject: "Hello" }, wait);
    await google.answer(0, "tok");
    await expect(signed).resolves.toEqual({ subject: "Hello", "g-recaptcha-response": "tok" });
    google.blockScript(true);
    tokens.prefetch();
    await expect(tokens.sign({ subject: "Hello" }, wait)).rejects.toThrow(
      "no reCAPTCHA token: script blocked",
    );
  });

  it("asks again at the send when the token asked for ahead failed", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch();
    await google.fail(0);
    const taken = tokens.take(wait);
    await google.answer(1, "second");
    await expect(taken).resolves.toBe("second");
  });

  it("asks again on the next touch when the token it holds got too old", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch();
    await google.answer(0, "old");
    await vi.advanceTimersByTimeAsync(TOKEN_MAX_AGE_MS);
    tokens.prefetch();
    await vi.advanceTimersByTimeAsync(0);
    // Asked before the press: the send finds it ready.
    expect(google.asked).toHaveLength(2);
    await google.answer(1, "fresh");
    await expect(tokens.take(wait)).resolves.toBe("fresh");
  });

  it("hands over a token in hand at once, without looking for a challenge", async () => {
    const google = fakeGoogle();
    const challengeShown = vi.fn(() => false);
    const tokens = createTokenSource({ ...google.options, challengeShown });
    const onChallenge = vi.fn();
    tokens.prefetch();
    await google.answer(0, "ready");
    // Older than Google's usual answer, younger than the token's limit: still good.
    await vi.advanceTimersByTimeAsync(6000);
    await expect(tokens.take({ waitMs: 15_000, onChallenge })).resolves.toBe("ready");
    expect(challengeShown).not.toHaveBeenCalled();
    expect(onChallenge).not.toHaveBeenCalled();
    expect(google.asked).toHaveLength(1);
  });

  it("waits for a token asked for ahead until Google has had 5 s, then asks again", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch();
    await vi.advanceTimersByTimeAsync(4999);
    const waited = tokens.take(wait);
    expect(google.asked).toHaveLength(1);
    await google.answer(0, "on-time");
    await expect(waited).resolves.toBe("on-time");

    tokens.prefetch();
    await vi.advanceTimersByTimeAsync(5000);
    const askedAgain = tokens.take(wait);
    await google.answer(2, "asked-again");
    await expect(askedAgain).resolves.toBe("asked-again");
  });

  it("waits for a token asked for ahead while its challenge is on screen", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    tokens.prefetch();
    google.state.challenge = true;
    await vi.advanceTimersByTimeAsync(20_000);
    const taken = tokens.take(wait);
    google.state.challenge = false;
    await google.answer(0, "solved");
    await expect(taken).resolves.toBe("solved");
    expect(google.asked).toHaveLength(1);
  });

  it("says nothing of a challenge that never showed", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const onChallenge = vi.fn();
    const taken = tokens.take({ waitMs: 15_000, onChallenge });
    await vi.advanceTimersByTimeAsync(3000);
    await google.answer(0, "no-challenge");
    await expect(taken).resolves.toBe("no-challenge");
    expect(onChallenge).not.toHaveBeenCalled();
  });

  it("takes a token that lands within a second of the challenge going (solved, not closed)", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const taken = tokens.take(wait);
    google.state.challenge = true;
    await vi.advanceTimersByTimeAsync(5000);
    google.state.challenge = false;
    await vi.advanceTimersByTimeAsync(500);
    await google.answer(0, "solved");
    await expect(taken).resolves.toBe("solved");
  });

  it("counts a challenge gone for a whole second as closed, even if a token lands just after", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const taken = tokens.take(wait);
    const closed = expect(taken).rejects.toMatchObject({
      name: "TokenError",
      closedByVisitor: true,
    });
    google.state.challenge = true;
    await vi.advanceTimersByTimeAsync(1000);
    // Gone from the check at 1250 ms on: closed at the check of 2250 ms.
    google.state.challenge = false;
    await vi.advanceTimersByTimeAsync(1300);
    await google.answer(0, "too-late");
    await closed;
  });

  it("gives up exactly at the end of the wait", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const taken = tokens.take({ waitMs: 15_000 });
    const failed = expect(taken).rejects.toMatchObject({
      message: "no token within 15000 ms",
      closedByVisitor: false,
    });
    await vi.advanceTimersByTimeAsync(15_000);
    await google.answer(0, "too-late");
    await failed;
  });

  it("takes a token solved as the challenge's own limit ends", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const taken = tokens.take(wait);
    google.state.challenge = true;
    // Seen at the check of 250 ms; the visitor solves it just before its limit.
    await vi.advanceTimersByTimeAsync(CHALLENGE_MS);
    google.state.challenge = false;
    await vi.advanceTimersByTimeAsync(300);
    await google.answer(0, "just-in-time");
    await expect(taken).resolves.toBe("just-in-time");
  });

  it("says in the signing error whether the visitor closed the challenge", async () => {
    const google = fakeGoogle();
    const tokens = createTokenSource(google.options);
    const closed = tokens.sign({ subject: "Hello" }, wait);
    const closedError = expect(closed).rejects.toMatchObject({
      name: "TokenError",
      message: "no reCAPTCHA token: the visitor closed the challenge",
      closedByVisitor: true,
    });
    google.state.challenge = true;
    await vi.advanceTimersByTimeAsync(1000);
    google.state.challenge = false;
    await vi.advanceTimersByTimeAsync(1500);
    await closedError;

    const late = tokens.sign({ subject: "Hello" }, { waitMs: 1000 });
    const lateError = expect(late).rejects.toMatchObject({ closedByVisitor: false });
    await vi.advanceTimersByTimeAsync(1000);
    await lateError;
  });
});
