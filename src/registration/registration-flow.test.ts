import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration-emails.ts";
import { site } from "../content/site.ts";
import type { TemplateParams } from "./email-wire.ts";
import { buildAdminEmail, buildStudentEmail } from "./registration-emails.ts";
import { REGISTRATION_BUDGET_MS, SEND_TIMEOUT_MS, SendTimeoutError } from "./send-policy.ts";
import { createTokenSource, type TokenWait } from "./recaptcha-tokens.ts";
import { registrationKey } from "./registration-data.ts";
import { createRegistrationFlow, type SubmitDeps } from "./registration-flow.ts";

const content = {
  program: { name: program.name, ...programText },
  site,
  copy: registrationEmailCopy,
  adminEmail: "team@example.org",
};
const form = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555" };
const at = new Date("2025-06-05T18:30:00Z");
const ok = { status: 200, text: "OK" };
const tooMany = { status: 429, text: "Too Many Requests" };

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

/** A transport whose answers are scripted per call; unscripted calls succeed. */
function setup(answers: Answer[] = [], deps: Partial<SubmitDeps> = {}) {
  const sent: TemplateParams[] = [];
  const logError = vi.fn();
  const logWarn = vi.fn();
  const submit = createRegistrationFlow({
    send: (params) => {
      const reply = answers[sent.length] ?? answer(ok);
      sent.push(params);
      return reply();
    },
    content,
    now: () => at,
    random: () => 0.5,
    logError,
    logWarn,
    ...deps,
  });
  const subjects = () => sent.map((params) => params.subject);
  return { sent, subjects, logError, logWarn, submit };
}

/** A send held open by the test: it answers when the test says so. */
function held() {
  let settle: (ok: boolean) => void = () => {};
  const reply: Answer = () =>
    new Promise((resolve, reject) => (settle = (yes) => (yes ? resolve(ok) : reject(tooMany))));
  return { reply, answer: (yes: boolean) => settle(yes) };
}

const ADMIN = "New Bootcamp Registration";
const STUDENT = registrationEmailCopy.student.subject;

beforeEach(() => vi.useFakeTimers({ now: at }));
afterEach(() => vi.useRealTimers());

describe("a registration's send flow", () => {
  it("sends the admin email in the caller's own task, before anything the caller does next", () => {
    const { sent, submit } = setup();
    void submit(form);
    expect(sent.map((params) => params.to_email)).toEqual([content.adminEmail]);
  });

  it("sends the admin email first, then the student confirmation", async () => {
    const { sent, submit, logError, logWarn } = setup();
    expect(await submit(form)).toEqual({ ok: true, studentEmailed: true });
    expect(sent).toEqual([
      buildAdminEmail(form, content, at),
      buildStudentEmail(form, content, at),
    ]);
    expect(logError).not.toHaveBeenCalled();
    expect(logWarn).not.toHaveBeenCalled();
  });

  it("puts the visit's source at the end of the admin email", async () => {
    const { sent, submit } = setup();
    await submit({ ...form, source: { utm_source: "newsletter" } });
    expect(sent[0]?.message).toMatch(/\n\nSource\nutm_source: newsletter$/);
  });

  it("starts a new registration after a full success, even with the same details", async () => {
    const { subjects, submit } = setup();
    await submit(form);
    await submit(form);
    expect(subjects()).toEqual([ADMIN, STUDENT, ADMIN, STUDENT]);
  });

  it.each([
    ["a 5xx answer", { status: 500, text: "Internal error" }, "HTTP 500: Internal error", true],
    ["a 4xx answer", { status: 400, text: "The service ID is invalid" }, "HTTP 400", false],
    ["a network error", { status: 0, text: "" }, "network error, no response", true],
    ["a thrown text error", "The service ID is required.", "The service ID is required.", false],
  ])(
    "fails at once on %s, skips the student email, and a retry sends the admin email again",
    async (_, error, reason, retryable) => {
      const { subjects, submit, logError, logWarn } = setup([fail(error)]);
      expect(await submit(form)).toEqual({ ok: false, step: "admin", error, retryable });
      expect(subjects()).toEqual([ADMIN]);
      expect(logError).toHaveBeenCalledWith(
        expect.stringContaining(
          `Registration failed: the admin email could not be sent (${reason}`,
        ),
        error,
      );
      expect(logWarn).not.toHaveBeenCalled();

      expect(await submit(form)).toEqual({ ok: true, studentEmailed: true });
      expect(subjects()).toEqual([ADMIN, ADMIN, STUDENT]);
    },
  );

  it("sends only the student email on a retry after the student email failed", async () => {
    const failure = { status: 500, text: "Internal error" };
    const { sent, subjects, submit, logError } = setup([answer(ok), fail(failure)]);
    expect(await submit(form)).toEqual({
      ok: false,
      step: "student",
      error: failure,
      retryable: true,
    });
    expect(logError).toHaveBeenCalledWith(
      "Registration failed: the student email could not be sent (HTTP 500: Internal error).",
      failure,
    );
    vi.setSystemTime(new Date(at.getTime() + 60_000));
    expect(await submit(form)).toEqual({ ok: true, studentEmailed: true });
    expect(subjects()).toEqual([ADMIN, STUDENT, STUDENT]);
    // The retry confirms the registration the team already has, at its original time.
    expect(sent[2]).toEqual(buildStudentEmail(form, content, at));
  });

  it("keeps the registration when only spacing or the email's case changed", async () => {
    const { subjects, submit } = setup([answer(ok), fail({ status: 500 })]);
    await submit(form);
    const retyped = { ...form, firstName: " Ada ", email: "ADA@Example.com ", phone: "555 " };
    expect(registrationKey(retyped)).toBe(registrationKey(form));
    await submit(retyped);
    expect(subjects()).toEqual([ADMIN, STUDENT, STUDENT]);
  });

  it("starts a new registration when any detail changed", async () => {
    const { subjects, submit } = setup([answer(ok), fail({ status: 500 })]);
    await submit(form);
    await submit({ ...form, phone: "556" });
    expect(subjects()).toEqual([ADMIN, STUDENT, ADMIN, STUDENT]);
  });
});

describe("a send that does not answer in time", () => {
  it("ends in the error once the timeout has passed", async () => {
    const { sent, submit, logError } = setup([never]);
    const pending = submit(form);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(logError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({ ok: false, step: "admin" });
    expect(!result.ok && result.error).toBeInstanceOf(SendTimeoutError);
    expect(logError).toHaveBeenCalledWith(
      "Registration failed: the admin email could not be sent (no answer within 15000 ms).",
      expect.any(SendTimeoutError),
    );
    expect(sent).toHaveLength(1);
  });

  it("bounds each send separately", async () => {
    const { submit } = setup([answer(ok), never], { timeoutMs: 1000 });
    const pending = submit(form);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toMatchObject({ ok: false, step: "student" });
  });

  it("counts as delivered when it answers late: the retry sends only the student email", async () => {
    const admin = held();
    const { subjects, submit } = setup([admin.reply]);
    const first = submit(form);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await first).toMatchObject({ ok: false, step: "admin" });
    admin.answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(await submit(form)).toEqual({ ok: true, studentEmailed: true });
    expect(subjects()).toEqual([ADMIN, STUDENT]);
  });

  it("is waited for by a retry instead of being sent again, and counts once it lands", async () => {
    const admin = held();
    const { subjects, submit } = setup([admin.reply]);
    const first = submit(form);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await first;
    const retry = submit(form);
    await vi.advanceTimersByTimeAsync(5000);
    expect(subjects()).toEqual([ADMIN]);
    admin.answer(true);
    expect(await retry).toEqual({ ok: true, studentEmailed: true });
    expect(subjects()).toEqual([ADMIN, STUDENT]);
  });

  it("is sent again by a retry when its late answer was a failure", async () => {
    const admin = held();
    const { subjects, submit } = setup([admin.reply]);
    const first = submit(form);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await first;
    const retry = submit(form);
    await vi.advanceTimersByTimeAsync(1000);
    admin.answer(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(await retry).toEqual({ ok: true, studentEmailed: true });
    expect(subjects()).toEqual([ADMIN, ADMIN, STUDENT]);
  });

  it("counts as lost when it never answers: the waiting retry fails, the next one sends again", async () => {
    const { subjects, submit, logError } = setup([never]);
    const first = submit(form);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await first;
    const retry = submit(form);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(logError).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await retry).toMatchObject({ ok: false, step: "admin" });
    expect(logError).toHaveBeenLastCalledWith(
      "Registration failed: the admin email sent earlier has still not answered (no answer within 15000 ms).",
      expect.any(SendTimeoutError),
    );
    expect(subjects()).toEqual([ADMIN]);
    expect(await submit(form)).toEqual({ ok: true, studentEmailed: true });
    expect(subjects()).toEqual([ADMIN, ADMIN, STUDENT]);
  });
});

describe("a 429 Too Many Requests", () => {
  it("is retried after about a second, logged as a warning, and the registration succeeds", async () => {
    const { subjects, submit, logWarn, logError } = setup([fail(tooMany)]);
    const pending = submit(form);
    await vi.advanceTimersByTimeAsync(999);
    expect(subjects()).toEqual([ADMIN]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ ok: true, studentEmailed: true });
    expect(subjects()).toEqual([ADMIN, ADMIN, STUDENT]);
    expect(logWarn).toHaveBeenCalledExactlyOnceWith(
      "Registration: the admin email was rate limited (HTTP 429: Too Many Requests); trying again in 1000 ms.",
    );
    expect(logError).not.toHaveBeenCalled();
  });

  it("backs off exponentially and gives up within the registration's budget", async () => {
    const { sent, submit, logWarn, logError } = setup(Array(100).fill(fail(tooMany)));
    const started = Date.now();
    const pending = submit(form);
    await vi.advanceTimersByTimeAsync(REGISTRATION_BUDGET_MS);
    const result = await pending;
    expect(result).toEqual({ ok: false, step: "admin", error: tooMany, retryable: true });
    expect(Date.now() - started).toBeLessThanOrEqual(REGISTRATION_BUDGET_MS);
    // Waits of 1 s, 2 s, then 2 s each (half of the capped ceiling with random() = 0.5).
    const waits = logWarn.mock.calls.map(([line]) => Number(/in (\d+) ms/.exec(line)?.[1]));
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 2000, 2000]);
    expect(sent).toHaveLength(waits.length + 1);
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(
        /the admin email could not be sent \(HTTP 429: .*still after \d+ tries/,
      ),
      tooMany,
    );
  });

  it("shares the budget with the timeout: a send after long backoff is cut at the deadline", async () => {
    const { submit } = setup([...Array(20).fill(fail(tooMany)), never], { random: () => 1 });
    const started = Date.now();
    const pending = submit(form);
    await vi.advanceTimersByTimeAsync(REGISTRATION_BUDGET_MS);
    expect(await pending).toMatchObject({ ok: false, step: "admin" });
    expect(Date.now() - started).toBeLessThanOrEqual(REGISTRATION_BUDGET_MS);
  });
});

describe("a filled honeypot", () => {
  it("still brings the lead to the team, flagged, and sends no confirmation", async () => {
    const { sent, submit } = setup();
    expect(await submit({ ...form, honeypot: "https://spam.example" })).toEqual({
      ok: true,
      studentEmailed: false,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(ADMIN);
    expect(sent[0]?.message).toContain(
      `\n\nSpam check\n${registrationEmailCopy.admin.spamCheckNote}\nHidden field: https://spam.example`,
    );
  });
});

describe("a registration's send flow with reCAPTCHA", () => {
  /**
   * The real token source over a fake widget: its `n`th execute answers `token-n`, unless
   * `execute` says otherwise. The log says when a token was asked for ahead and when one was taken.
   */
  function fakeTokens(
    execute: (n: number) => Promise<string> = (n) => Promise.resolve(`token-${n}`),
    challengeShown = () => false,
  ) {
    const log: string[] = [];
    let count = 0;
    const widget = { execute: () => execute(++count) };
    const source = createTokenSource({ widget: async () => widget, challengeShown });
    const tokens = {
      prefetch: () => {
        log.push("prefetch");
        source.prefetch();
      },
      sign: (params: TemplateParams, wait: TokenWait) => {
        log.push("take");
        return source.sign(params, wait);
      },
    };
    return { log, tokens };
  }

  it("gives each send a token of its own, and asks for the student's during the admin send", async () => {
    const { log, tokens } = fakeTokens();
    const admin = held();
    const { sent, submit } = setup([admin.reply], { tokens });
    const result = submit(form);
    await vi.advanceTimersByTimeAsync(0);
    // The admin email is on its way and the next token already asked for.
    expect(log).toEqual(["take", "prefetch"]);
    admin.answer(true);
    await expect(result).resolves.toEqual({ ok: true, studentEmailed: true });
    expect(sent.map((params) => params["g-recaptcha-response"])).toEqual(["token-1", "token-2"]);
    expect(log).toEqual(["take", "prefetch", "take"]);
  });

  it("sends nothing without a token, and says why", async () => {
    const { tokens } = fakeTokens(() => Promise.reject(new Error("script blocked")));
    const { sent, submit, logError } = setup([], { tokens });
    const result = await submit(form);
    expect(result).toMatchObject({ ok: false, step: "admin" });
    expect(sent).toEqual([]);
    expect(logError.mock.calls[0]?.[0]).toBe(
      "Registration failed: the admin email could not be sent (no reCAPTCHA token: script blocked).",
    );
  });

  it("keeps the delivered admin email when the student's token fails, and asks again on retry", async () => {
    // The second token (asked for during the admin send) never comes: the challenge was closed.
    const { tokens } = fakeTokens((n) =>
      n === 2
        ? new Promise((_, reject) => setTimeout(() => reject(new Error("closed")), 10))
        : Promise.resolve(`token-${n}`),
    );
    const { sent, submit } = setup([], { tokens });
    const first = submit(form);
    await vi.advanceTimersByTimeAsync(100);
    expect(await first).toMatchObject({ ok: false, step: "student" });
    expect(await submit(form)).toEqual({ ok: true, studentEmailed: true });
    expect(sent.map((params) => [params.subject, params["g-recaptcha-response"]])).toEqual([
      [ADMIN, "token-1"],
      [STUDENT, "token-3"],
    ]);
  });

  it("gives a challenge's solving time back to the registration's budget", async () => {
    const google = { challenge: false };
    const { tokens } = fakeTokens(
      (n) =>
        new Promise((resolve) => {
          google.challenge = true;
          setTimeout(() => {
            google.challenge = false;
            resolve(`token-${n}`);
          }, REGISTRATION_BUDGET_MS);
        }),
      () => google.challenge,
    );
    const onChallenge = vi.fn();
    const { sent, submit } = setup([], { tokens });
    const result = submit(form, { onChallenge });
    await vi.advanceTimersByTimeAsync(3 * REGISTRATION_BUDGET_MS);
    await expect(result).resolves.toEqual({ ok: true, studentEmailed: true });
    expect(sent).toHaveLength(2);
    expect(onChallenge.mock.calls).toEqual([[true], [false], [true], [false]]);
  });

  it("carries no token when the site has no reCAPTCHA key", async () => {
    const { sent, submit } = setup();
    await submit(form);
    expect(sent.every((params) => !("g-recaptcha-response" in params))).toBe(true);
  });
});

describe("a registration kept on the device", () => {
  const reference = "K7QM2X";
  const kept = { ...form, reference, at: new Date("2025-06-01T09:00:00Z") };

  it("quotes its reference and keeps its first time in both emails, every send", async () => {
    const { sent, submit } = setup([fail({ status: 503 })]);
    expect(await submit(kept)).toMatchObject({ ok: false, retryable: true });
    expect(await submit(kept)).toEqual({ ok: true, studentEmailed: true });
    expect(sent).toEqual([
      buildAdminEmail(form, content, kept.at, { reference }),
      buildAdminEmail(form, content, kept.at, { reference }),
      buildStudentEmail(form, content, kept.at, reference),
    ]);
    expect(sent[0]?.message).toContain("\nReference: K7QM2X\n");
    expect(sent[2]?.message).toContain("\nReference: K7QM2X\n");
  });

  it("sends only what an earlier page did not deliver", async () => {
    const { subjects, submit } = setup();
    expect(await submit({ ...kept, delivered: ["admin"] })).toEqual({
      ok: true,
      studentEmailed: true,
    });
    expect(subjects()).toEqual([STUDENT]);
  });

  it("tells each change of what it knows: on its way, delivered, and a late answer", async () => {
    const admin = held();
    const progress = vi.fn();
    const { submit } = setup([admin.reply], { timeoutMs: 1000 });
    const pending = submit(kept, { onProgress: progress });
    await vi.advanceTimersByTimeAsync(0);
    expect(progress).toHaveBeenLastCalledWith({ delivered: [], inFlight: ["admin"] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toMatchObject({ ok: false, step: "admin", retryable: true });
    // The page gave up on it, but the provider answers after all: the lead need not go again.
    admin.answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(progress).toHaveBeenLastCalledWith({ delivered: ["admin"], inFlight: [] });
  });
});
