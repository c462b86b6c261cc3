import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration-emails.ts";
import { site } from "../content/site.ts";
import {
  BACKOFF_CAP_MS,
  backoffDelay,
  createEmailDelivery,
  describeSendError,
  isWorthResending,
  REGISTRATION_BUDGET_MS,
  SEND_TIMEOUT_MS,
  SendTimeoutError,
  type DeliveryDeps,
  type StepResult,
} from "./email-delivery.ts";
import { RECAPTCHA_PARAM, type TemplateParams } from "./email-wire.ts";
import { createLedgerStore, type KeyValueStorage } from "./lead-store.ts";
import { createLeadSender } from "./lead-sender.ts";
import { findDone, findLead, type Lead } from "./ledger.ts";
import { TokenError, type TokenWait } from "./recaptcha-tokens.ts";
import { buildAdminEmail, buildStudentEmail } from "./registration-emails.ts";

const content = {
  program: { name: program.name, ...programText },
  site,
  copy: registrationEmailCopy,
  adminEmail: "team@example.org",
};
const form = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555" };
const at = new Date("2025-06-05T18:30:00Z");
const reference = "K7QM2X";
const lead: Lead = { reference, at: at.getTime(), form, honeypot: "", delivered: [] };
const ok = { status: 200, text: "OK" };
const tooMany = { status: 429, text: "Too Many Requests" };

const ADMIN = registrationEmailCopy.admin.subject;
const STUDENT = registrationEmailCopy.student.subject;

type Answer = () => Promise<unknown>;
const answer =
  (value: unknown): Answer =>
  () =>
    Promise.resolve(value);
const fail =
  (error: unknown): Answer =>
  () =>
    Promise.reject(error);
const never: Answer = () => new Promise(() => {});

/** A send held open by the test: it answers when the test says so. */
function held() {
  let settle: (value: boolean | unknown) => void = () => {};
  const reply: Answer = () =>
    new Promise((resolve, reject) => {
      settle = (value) => (value === true ? resolve(ok) : reject(value));
    });
  return { reply, answer: (value: true | object) => settle(value) };
}

/** A transport whose answers are scripted per call; unscripted calls succeed. */
function setup(answers: Answer[] = [], deps: Partial<DeliveryDeps> = {}) {
  const sent: TemplateParams[] = [];
  const logError = vi.fn();
  const logWarn = vi.fn();
  const onLateAnswer = vi.fn();
  const deliver = createEmailDelivery({
    send: (params) => {
      const reply = answers[sent.length] ?? answer(ok);
      sent.push(params);
      return reply();
    },
    content,
    random: () => 0.5,
    logError,
    logWarn,
    onLateAnswer,
    ...deps,
  });
  const subjects = () => sent.map((params) => params.subject);
  return { sent, subjects, logError, logWarn, onLateAnswer, deliver };
}

/** The sender of lead-sender.ts over an in-memory ledger, every late answer written down. */
function setupSender(answers: Answer[] = [], deps: Partial<DeliveryDeps> = {}) {
  const stored = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => stored.get(key) ?? null,
    setItem: (key, value) => void stored.set(key, value),
    removeItem: (key) => void stored.delete(key),
    key: (index) => [...stored.keys()][index] ?? null,
    get length() {
      return stored.size;
    },
  };
  const warn = vi.fn();
  const store = createLedgerStore(
    () => storage,
    () => Date.now(),
    warn,
  );
  const flow = setup(answers, {
    onLateAnswer: (late, step, yes) => void sender.lateAnswer(late, step, yes),
    ...deps,
  });
  const sender = createLeadSender({
    store,
    deliver: flow.deliver,
    withLock: (run) => run(),
  });
  return { ...flow, store, sender, warn };
}

const failure = (result: StepResult) => (result.ok ? undefined : result.error);

beforeEach(() => vi.useFakeTimers({ now: at }));
afterEach(() => vi.useRealTimers());

describe("describeSendError", () => {
  it("turns every kind of send failure into a readable reason", () => {
    expect(describeSendError({ status: 400, text: "The service ID is invalid" })).toBe(
      "HTTP 400: The service ID is invalid",
    );
    expect(describeSendError({ status: 0, text: "" })).toBe("network error, no response");
    expect(describeSendError({ status: 502 })).toBe("HTTP 502");
    expect(describeSendError(new SendTimeoutError(15_000))).toBe("no answer within 15000 ms");
    expect(describeSendError("The user ID is required.")).toBe("The user ID is required.");
    expect(describeSendError(new TokenError("no reCAPTCHA token: closed"))).toBe(
      "no reCAPTCHA token: closed",
    );
    expect(describeSendError(null)).toBe("null");
  });
});

describe("backoffDelay", () => {
  it("starts below a ceiling of two seconds, then doubles the ceiling up to the cap", () => {
    const ceilings = [1, 2, 3, 4, 10].map((retry) => backoffDelay(retry, () => 1));
    expect(ceilings).toEqual([2000, 4000, BACKOFF_CAP_MS, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    expect(backoffDelay(1, () => 0.5)).toBe(1000);
  });

  it("spreads visitors over the whole range below the ceiling (full jitter)", () => {
    expect(backoffDelay(1, () => 0)).toBe(0);
    expect(backoffDelay(2, () => 0.25)).toBe(1000);
    expect(backoffDelay(5, () => 0.1)).toBe(400);
  });
});

describe("isWorthResending", () => {
  it("keeps for later what waiting can cure: no network, no answer, 429 and 5xx", () => {
    expect(isWorthResending({ status: 0, text: "" })).toBe(true);
    expect(isWorthResending(new SendTimeoutError(15_000))).toBe(true);
    expect(isWorthResending(new TypeError("Failed to fetch dynamically imported module"))).toBe(
      true,
    );
    expect(isWorthResending(tooMany)).toBe(true);
    expect(isWorthResending({ status: 500, text: "Internal error" })).toBe(true);
    expect(isWorthResending({ status: 503 })).toBe(true);
  });

  it("keeps for later a token that did not come, unless the visitor closed the challenge", () => {
    expect(isWorthResending(new TokenError("no reCAPTCHA token: script blocked"))).toBe(true);
    expect(isWorthResending(new TokenError("no reCAPTCHA token: closed", true))).toBe(false);
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

describe("an email's delivery", () => {
  it("sends the email in the caller's own task, before anything the caller does next", () => {
    const { sent, deliver } = setup();
    void deliver(lead, "admin");
    expect(sent.map((params) => params.to_email)).toEqual([content.adminEmail]);
    void deliver({ ...lead, reference: "ABCDEF" }, "student");
    expect(sent.map((params) => params.to_email)).toEqual([content.adminEmail, form.email]);
  });

  it("sends the admin email with the lead's details, time, source and reference", async () => {
    const { sent, deliver, logError, logWarn } = setup();
    const withSource = { ...lead, source: { utm_source: "newsletter" } };
    expect(await deliver(withSource, "admin")).toEqual({ ok: true });
    expect(sent).toEqual([
      buildAdminEmail(form, content, at, {
        source: { utm_source: "newsletter" },
        honeypot: "",
        reference,
      }),
    ]);
    expect(sent[0]?.message).toContain(`\nReference: ${reference}\n`);
    expect(sent[0]?.message).toMatch(/\n\nSource\nutm_source: newsletter$/);
    expect(logError).not.toHaveBeenCalled();
    expect(logWarn).not.toHaveBeenCalled();
  });

  it("sends the student confirmation with the lead's first time and reference", async () => {
    const { sent, deliver } = setup();
    vi.setSystemTime(at.getTime() + 3 * 86_400_000);
    expect(await deliver(lead, "student")).toEqual({ ok: true });
    expect(sent).toEqual([buildStudentEmail(form, content, at, reference)]);
    expect(sent[0]?.message).toContain(`\nReference: ${reference}\n`);
  });

  it("flags a filled honeypot in the admin email", async () => {
    const { sent, deliver } = setup();
    await deliver({ ...lead, honeypot: "https://spam.example" }, "admin");
    expect(sent[0]?.message).toContain(
      `\n\nSpam check\n${registrationEmailCopy.admin.spamCheckNote}\nHidden field: https://spam.example`,
    );
  });

  it("carries no token when the site has no reCAPTCHA key", async () => {
    const { sent, deliver } = setup();
    await deliver(lead, "admin");
    await deliver(lead, "student");
    expect(sent.every((params) => !(RECAPTCHA_PARAM in params))).toBe(true);
  });

  it.each([
    ["a 5xx answer", { status: 500, text: "Internal error" }, "HTTP 500: Internal error", true],
    ["a network error", { status: 0, text: "" }, "network error, no response", true],
    [
      "a script that could not be fetched",
      new TypeError("Failed to fetch"),
      "Failed to fetch",
      true,
    ],
    [
      "a 4xx answer",
      { status: 400, text: "The service ID is invalid" },
      "HTTP 400: The service ID is invalid",
      false,
    ],
    ["a rejected text", "The service ID is required.", "The service ID is required.", false],
  ])(
    "fails at once on %s, and says whether to try again later",
    async (_, error, reason, retryable) => {
      const { sent, deliver, logError, logWarn } = setup([fail(error)]);
      expect(await deliver(lead, "admin")).toEqual({ ok: false, error, retryable });
      expect(sent).toHaveLength(1);
      expect(logError).toHaveBeenCalledExactlyOnceWith(
        `Registration failed: the admin email could not be sent (${reason}).`,
        error,
      );
      expect(logWarn).not.toHaveBeenCalled();
    },
  );

  it("fails for good when the email client throws text instead of sending", async () => {
    const { deliver, logError } = setup([
      () => {
        throw "The user ID is required.";
      },
    ]);
    expect(await deliver(lead, "admin")).toEqual({
      ok: false,
      error: "The user ID is required.",
      retryable: false,
    });
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      "Registration failed: the admin email could not be sent (The user ID is required.).",
      "The user ID is required.",
    );
  });

  it("sends again after a failure, the same email", async () => {
    const { sent, deliver } = setup([fail({ status: 503 })]);
    expect(await deliver(lead, "admin")).toMatchObject({ ok: false, retryable: true });
    expect(await deliver(lead, "admin")).toEqual({ ok: true });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });
});

describe("a send that does not answer in time", () => {
  it("ends in a retryable timeout once the timeout has passed", async () => {
    const { sent, deliver, logError, onLateAnswer } = setup([never]);
    const pending = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(logError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({ ok: false, retryable: true });
    expect(failure(result)).toBeInstanceOf(SendTimeoutError);
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      "Registration failed: the admin email could not be sent (no answer within 15000 ms).",
      expect.any(SendTimeoutError),
    );
    expect(sent).toHaveLength(1);
    expect(onLateAnswer).not.toHaveBeenCalled();
  });

  it("is bounded by what is left of the registration's budget", async () => {
    const { deliver, logError } = setup([never]);
    const pending = deliver(lead, "admin", { deadline: Date.now() + 4000 });
    await vi.advanceTimersByTimeAsync(4000);
    expect(await pending).toMatchObject({ ok: false, retryable: true });
    expect(logError.mock.calls[0]?.[0]).toContain("(no answer within 4000 ms)");
  });

  it("is told as a late answer when it answers after all, delivered or not", async () => {
    const admin = held();
    const student = held();
    const { deliver, onLateAnswer } = setup([admin.reply, student.reply]);
    const first = deliver(lead, "admin");
    const second = deliver(lead, "student");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await first;
    await second;
    expect(onLateAnswer).not.toHaveBeenCalled();
    admin.answer(true);
    student.answer({ status: 400 });
    await vi.advanceTimersByTimeAsync(0);
    expect(onLateAnswer.mock.calls).toEqual([
      [lead, "admin", true],
      [lead, "student", false],
    ]);
  });

  it("is waited for by a later try instead of being sent again, and counts once it lands", async () => {
    const admin = held();
    const { subjects, deliver, onLateAnswer } = setup([admin.reply]);
    const first = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await first).toMatchObject({ ok: false });
    const retry = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(5000);
    expect(subjects()).toEqual([ADMIN]);
    admin.answer(true);
    expect(await retry).toEqual({ ok: true });
    expect(subjects()).toEqual([ADMIN]);
    expect(onLateAnswer).toHaveBeenCalledExactlyOnceWith(lead, "admin", true);
  });

  it("is sent again by a later try when its late answer was a failure", async () => {
    const admin = held();
    const { subjects, deliver } = setup([admin.reply]);
    const first = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await first;
    const retry = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(1000);
    admin.answer({ status: 503 });
    await vi.advanceTimersByTimeAsync(0);
    expect(await retry).toEqual({ ok: true });
    expect(subjects()).toEqual([ADMIN, ADMIN]);
  });

  it("does not hold back another step or another lead", async () => {
    const { subjects, deliver } = setup([never]);
    const first = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await first;
    expect(await deliver(lead, "student")).toEqual({ ok: true });
    expect(await deliver({ ...lead, reference: "ABCDEF" }, "admin")).toEqual({ ok: true });
    expect(subjects()).toEqual([ADMIN, STUDENT, ADMIN]);
  });

  it("counts as lost when silent through a second wait: the next try sends it again", async () => {
    const { subjects, deliver, logError } = setup([never]);
    const first = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await first;
    const retry = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(logError).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const result = await retry;
    expect(result).toMatchObject({ ok: false, retryable: true });
    expect(failure(result)).toBeInstanceOf(SendTimeoutError);
    expect(logError).toHaveBeenLastCalledWith(
      "Registration failed: the admin email sent earlier has still not answered.",
      expect.any(SendTimeoutError),
    );
    expect(subjects()).toEqual([ADMIN]);
    expect(await deliver(lead, "admin")).toEqual({ ok: true });
    expect(subjects()).toEqual([ADMIN, ADMIN]);
  });
});

describe("an admin email of other details under the same reference", () => {
  const correctionNote = registrationEmailCopy.admin.correctionNote;
  const typo = { ...lead, form: { ...form, email: "ada@exmaple.com" } };

  it("says it corrects one that left unanswered, though the lead does not say so", async () => {
    const { sent, deliver } = setup([never]);
    const first = deliver(typo, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await first).toMatchObject({ ok: false, retryable: true });
    expect(await deliver(lead, "admin")).toEqual({ ok: true });
    expect(sent.map((params) => params.message?.includes(correctionNote))).toEqual([false, true]);
    // The same details again correct nothing.
    expect(await deliver({ ...lead, reference: "ABCDEF" }, "admin")).toEqual({ ok: true });
    expect(sent[2]?.message).not.toContain(correctionNote);
  });
});

describe("a late answer with nobody to tell", () => {
  it("lands quietly when the caller asked for no late answers", async () => {
    const admin = held();
    const { deliver } = setup([admin.reply], { onLateAnswer: undefined });
    const first = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await first).toMatchObject({ ok: false, retryable: true });
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      admin.answer(true);
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("of an email given up on does not let the next try send past the send still on its way", async () => {
    const lost = held();
    const later = held();
    const { subjects, deliver } = setup([lost.reply, later.reply]);
    const first = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await first;
    // Silent through a second wait: the next try sends it again, and that send too goes unanswered.
    const second = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await second;
    const third = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await third;
    expect(subjects()).toEqual([ADMIN, ADMIN]);
    // The first answers at last; the next try still waits for the second rather than send a third.
    lost.answer({ status: 503 });
    await vi.advanceTimersByTimeAsync(0);
    const fourth = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(1000);
    later.answer(true);
    expect(await fourth).toEqual({ ok: true });
    expect(subjects()).toEqual([ADMIN, ADMIN]);
  });
});

describe("a 429 Too Many Requests", () => {
  it("is retried after a jittered pause, logged as a warning, and the email delivered", async () => {
    const { subjects, deliver, logWarn, logError } = setup([fail(tooMany)]);
    const pending = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(999);
    expect(subjects()).toEqual([ADMIN]);
    await vi.advanceTimersByTimeAsync(1);
    expect(subjects()).toEqual([ADMIN, ADMIN]);
    expect(await pending).toEqual({ ok: true });
    expect(logWarn).toHaveBeenCalledExactlyOnceWith(
      "Registration: the admin email was rate limited (HTTP 429: Too Many Requests); trying again in 1000 ms.",
    );
    expect(logError).not.toHaveBeenCalled();
  });

  it("backs off exponentially and gives up within the registration's budget", async () => {
    const { sent, deliver, logWarn, logError } = setup(Array(100).fill(fail(tooMany)));
    const started = Date.now();
    const pending = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(REGISTRATION_BUDGET_MS);
    expect(await pending).toEqual({ ok: false, error: tooMany, retryable: true });
    expect(Date.now() - started).toBeLessThanOrEqual(REGISTRATION_BUDGET_MS);
    // Waits of 1 s, then 2 s each (half of the capped ceiling with random() = 0.5).
    const waits = logWarn.mock.calls.map(([line]) => Number(/in (\d+) ms/.exec(String(line))?.[1]));
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 2000, 2000]);
    expect(1000 + 2000 * (waits.length - 1)).toBeLessThan(REGISTRATION_BUDGET_MS);
    expect(sent).toHaveLength(waits.length + 1);
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      `Registration failed: the admin email could not be sent (HTTP 429: Too Many Requests, still after ${sent.length} tries).`,
      tooMany,
    );
  });

  it("gives up at once when the pause would reach the caller's deadline", async () => {
    const { sent, deliver } = setup(Array(10).fill(fail(tooMany)));
    // 1 s, then 2 s: the second pause would end at the deadline.
    const pending = deliver(lead, "admin", { deadline: Date.now() + 3000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toEqual({ ok: false, error: tooMany, retryable: true });
    expect(sent).toHaveLength(2);
  });

  it("shares the budget with the timeout: a send after a pause is cut at the deadline", async () => {
    const { sent, deliver, logError } = setup([fail(tooMany), never], { random: () => 1 });
    const settled = vi.fn();
    void deliver(lead, "admin", { deadline: Date.now() + 5000 }).then(settled);
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent).toHaveLength(2);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ ok: false, retryable: true }));
    expect(logError.mock.calls[0]?.[0]).toContain("(no answer within 3000 ms)");
  });
});

describe("an email's delivery with reCAPTCHA", () => {
  /** Tokens `token-1`, `token-2` …; the log says when one was taken, sent, and asked for ahead. */
  function fakeTokens(sign?: (params: TemplateParams, wait: TokenWait) => Promise<TemplateParams>) {
    const log: string[] = [];
    let count = 0;
    const tokens = {
      prefetch: vi.fn(() => void log.push("prefetch")),
      sign: vi.fn((params: TemplateParams, wait: TokenWait) => {
        log.push("sign");
        return sign
          ? sign(params, wait)
          : Promise.resolve({ ...params, [RECAPTCHA_PARAM]: `token-${++count}` });
      }),
    };
    const send = (params: TemplateParams) => {
      log.push(`send ${params.subject} ${params[RECAPTCHA_PARAM]}`);
      return Promise.resolve(ok);
    };
    return { log, tokens, send };
  }

  it("gives each send a token of its own, and asks for the student's during the admin send", async () => {
    const { log, tokens, send } = fakeTokens();
    const { deliver } = setup([], { tokens, send });
    expect(await deliver(lead, "admin")).toEqual({ ok: true });
    expect(await deliver(lead, "student")).toEqual({ ok: true });
    expect(log).toEqual([
      "sign",
      `send ${ADMIN} token-1`,
      "prefetch",
      "sign",
      `send ${STUDENT} token-2`,
    ]);
  });

  it("asks for no token ahead when no confirmation will follow", async () => {
    const { tokens, send } = fakeTokens();
    const { deliver } = setup([], { tokens, send });
    await deliver({ ...lead, honeypot: "x" }, "admin");
    expect(tokens.sign).toHaveBeenCalledTimes(1);
    expect(tokens.prefetch).not.toHaveBeenCalled();
  });

  it("waits for a token no longer than the send's own bound", async () => {
    const { tokens, send } = fakeTokens();
    const { deliver } = setup([], { tokens, send });
    await deliver(lead, "admin");
    await deliver(lead, "admin", { deadline: Date.now() + 2000 });
    expect(tokens.sign.mock.calls.map(([, wait]) => wait.waitMs)).toEqual([SEND_TIMEOUT_MS, 2000]);
  });

  it("takes a new token for each send after a 429", async () => {
    const { tokens } = fakeTokens();
    const { sent, deliver } = setup([fail(tooMany)], { tokens });
    const pending = deliver(lead, "admin");
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toEqual({ ok: true });
    expect(sent.map((params) => params[RECAPTCHA_PARAM])).toEqual(["token-1", "token-2"]);
  });

  it("sends nothing without a token, says why, and keeps the lead for later", async () => {
    const error = new TokenError("no reCAPTCHA token: script blocked");
    const { tokens } = fakeTokens(() => Promise.reject(error));
    const { sent, deliver, logError } = setup([], { tokens });
    expect(await deliver(lead, "admin")).toEqual({ ok: false, error, retryable: true });
    expect(sent).toEqual([]);
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      "Registration failed: the admin email could not be sent (no reCAPTCHA token: script blocked).",
      error,
    );
  });

  it("gives up for good when the visitor closed the challenge", async () => {
    const error = new TokenError("no reCAPTCHA token: the visitor closed the challenge", true);
    const { tokens } = fakeTokens(() => Promise.reject(error));
    const { sent, deliver } = setup([], { tokens });
    expect(await deliver(lead, "admin")).toEqual({ ok: false, error, retryable: false });
    expect(sent).toEqual([]);
  });

  it("gives a challenge's solving time back to the budget, and tells the caller of it", async () => {
    const solving = 40_000;
    const { tokens } = fakeTokens(async (params, { onChallenge }) => {
      onChallenge?.(true);
      await new Promise((resolve) => setTimeout(resolve, solving));
      onChallenge?.(false);
      return { ...params, [RECAPTCHA_PARAM]: "token-1" };
    });
    const onChallenge = vi.fn();
    const { deliver, logError } = setup([never], { tokens });
    const settled = vi.fn();
    void deliver(lead, "admin", { onChallenge }).then(settled);
    // Without the challenge's time the send would have had 5 s left, not its full 15 s.
    await vi.advanceTimersByTimeAsync(solving + SEND_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ ok: false }));
    expect(logError.mock.calls[0]?.[0]).toContain(`(no answer within ${SEND_TIMEOUT_MS} ms)`);
    expect(onChallenge.mock.calls).toEqual([[true], [false]]);
  });
});

describe("a challenge within a short budget", () => {
  it("gives back only the challenge's own time", async () => {
    const tokens = {
      prefetch: () => {},
      sign: async (params: TemplateParams, { onChallenge }: TokenWait) => {
        onChallenge?.(true);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        onChallenge?.(false);
        return { ...params, [RECAPTCHA_PARAM]: "token-1" };
      },
    };
    const { deliver, logError } = setup([never], { tokens });
    const settled = vi.fn();
    void deliver(lead, "admin", { deadline: Date.now() + 5000 }).then(settled);
    // 5 s of budget, 2 s of them solving: the send has the 5 s, and no more.
    await vi.advanceTimersByTimeAsync(7000);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ ok: false, retryable: true }));
    expect(logError.mock.calls[0]?.[0]).toContain("(no answer within 5000 ms)");
  });
});

describe("a registration's emails, sent in order by the lead sender", () => {
  it("sends the admin email in the press's own task", () => {
    const { sent, sender } = setupSender();
    void sender.registerNow(lead);
    expect(sent.map((params) => params.subject)).toEqual([ADMIN]);
  });

  it("sends the admin email first, then the confirmation, both quoting the reference", async () => {
    const { sent, sender, store, warn } = setupSender();
    expect(await sender.registerNow(lead)).toEqual({ outcome: "sent", studentEmailed: true });
    expect(warn).not.toHaveBeenCalled();
    expect(sent).toEqual([
      buildAdminEmail(form, content, at, { source: {}, honeypot: "", reference }),
      buildStudentEmail(form, content, at, reference),
    ]);
    for (const params of sent) expect(params.message).toContain(`\nReference: ${reference}\n`);
    expect(findLead(store.read(), reference)).toBeUndefined();
    expect(findDone(store.read(), reference)?.outcome).toBe("sent");
  });

  it("sends no confirmation for a filled honeypot", async () => {
    const { subjects, sender } = setupSender();
    expect(await sender.registerNow({ ...lead, honeypot: "https://spam.example" })).toEqual({
      outcome: "sent",
      studentEmailed: false,
    });
    expect(subjects()).toEqual([ADMIN]);
  });

  it("skips the confirmation when the admin email fails, and sends both later", async () => {
    const { subjects, sender, store } = setupSender([fail({ status: 503 })]);
    expect(await sender.registerNow(lead)).toEqual({ outcome: "waiting" });
    expect(subjects()).toEqual([ADMIN]);
    expect(findLead(store.read(), reference)?.delivered).toEqual([]);
    await sender.resend(() => {});
    expect(subjects()).toEqual([ADMIN, ADMIN, STUDENT]);
  });

  it("sends only the confirmation on a retry after the confirmation failed", async () => {
    const { sent, subjects, sender, store } = setupSender([answer(ok), fail({ status: 500 })]);
    expect(await sender.registerNow(lead)).toEqual({ outcome: "waiting" });
    expect(findLead(store.read(), reference)?.delivered).toEqual(["admin"]);
    vi.setSystemTime(at.getTime() + 60_000);
    const told = vi.fn();
    await sender.resend(told);
    expect(told).toHaveBeenCalledWith(expect.objectContaining({ reference }), {
      outcome: "sent",
      studentEmailed: true,
    });
    expect(subjects()).toEqual([ADMIN, STUDENT, STUDENT]);
    // The retry confirms the registration the team already has, at its first time.
    expect(sent[2]).toEqual(buildStudentEmail(form, content, at, reference));
  });

  it("ends a refused lead as refused, with no confirmation", async () => {
    const { subjects, sender, store } = setupSender([fail({ status: 400 })]);
    expect(await sender.registerNow(lead)).toEqual({ outcome: "refused" });
    expect(subjects()).toEqual([ADMIN]);
    expect(findDone(store.read(), reference)?.outcome).toBe("refused");
  });

  it("writes down an admin email that answers late, so a retry sends only the confirmation", async () => {
    const admin = held();
    const { subjects, sender, store } = setupSender([admin.reply]);
    const first = sender.registerNow(lead);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await first).toEqual({ outcome: "waiting" });
    admin.answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(findLead(store.read(), reference)?.delivered).toEqual(["admin"]);
    await sender.resend(() => {});
    expect(subjects()).toEqual([ADMIN, STUDENT]);
  });

  it("gives the admin challenge's time back to the confirmation too", async () => {
    const challenge = 44_000;
    let count = 0;
    const tokens = {
      prefetch: () => {},
      sign: async (params: TemplateParams, { onChallenge }: TokenWait) => {
        if (++count === 1) {
          onChallenge?.(true);
          await new Promise((resolve) => setTimeout(resolve, challenge));
          onChallenge?.(false);
        }
        return { ...params, [RECAPTCHA_PARAM]: `token-${count}` };
      },
    };
    const slow: Answer = () => new Promise((resolve) => setTimeout(() => resolve(ok), 2000));
    const { sender } = setupSender([answer(ok), slow], { tokens });
    const result = sender.registerNow(lead);
    await vi.advanceTimersByTimeAsync(challenge + 2000);
    expect(await result).toEqual({ outcome: "sent", studentEmailed: true });
  });
});
