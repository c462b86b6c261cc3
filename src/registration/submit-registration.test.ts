import { afterEach, describe, expect, it, vi } from "vitest";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration.ts";
import { site } from "../content/site.ts";
import type { TemplateParams } from "./email-wire.ts";
import { buildAdminEmail, buildStudentEmail } from "./registration-emails.ts";
import {
  describeSendError,
  SEND_TIMEOUT_MS,
  SendTimeoutError,
  submitRegistration,
  type SendEmail,
} from "./submit-registration.ts";

const content = {
  program: { name: program.name, ...programText },
  site,
  copy: registrationEmailCopy,
  adminEmail: "team@example.org",
};
const form = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555" };
const at = new Date("2025-06-05T18:30:00Z");

function setup(send: SendEmail) {
  const sent: TemplateParams[] = [];
  const logError = vi.fn();
  const deps = {
    send: (params: TemplateParams) => {
      sent.push(params);
      return send(params);
    },
    content,
    now: () => at,
    logError,
  };
  return { sent, logError, deps };
}

afterEach(() => vi.useRealTimers());

describe("submitRegistration", () => {
  it("sends the admin email first, then the student confirmation", async () => {
    const { sent, deps, logError } = setup(async () => ({ status: 200, text: "OK" }));
    expect(await submitRegistration(form, deps)).toEqual({ ok: true, sent: 2 });
    expect(sent).toEqual([
      buildAdminEmail(form, content, at),
      buildStudentEmail(form, content, at),
    ]);
    expect(logError).not.toHaveBeenCalled();
  });

  it("skips the student email when the admin email fails, and logs the failure", async () => {
    const failure = { status: 500, text: "Internal error" };
    const { sent, deps, logError } = setup(() => Promise.reject(failure));
    expect(await submitRegistration(form, deps)).toEqual({
      ok: false,
      step: "admin",
      error: failure,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe("New Bootcamp Registration");
    expect(logError).toHaveBeenCalledWith(
      "Registration failed: the admin email could not be sent (HTTP 500: Internal error).",
      failure,
    );
  });

  it("reports a failed student email after a successful admin email", async () => {
    const failure = { status: 0, text: "" };
    let calls = 0;
    const { sent, deps, logError } = setup(() =>
      ++calls === 1 ? Promise.resolve("OK") : Promise.reject(failure),
    );
    expect(await submitRegistration(form, deps)).toEqual({
      ok: false,
      step: "student",
      error: failure,
    });
    expect(sent).toHaveLength(2);
    expect(logError).toHaveBeenCalledWith(expect.stringContaining("student"), failure);
  });

  it("treats the email library's thrown text errors as a failed send", async () => {
    const { deps, logError } = setup(() => {
      throw "The service ID is required. Visit https://dashboard.emailjs.com/admin";
    });
    const result = await submitRegistration(form, deps);
    expect(result).toMatchObject({ ok: false, step: "admin" });
    expect(logError).toHaveBeenCalledWith(
      expect.any(String),
      "The service ID is required. Visit https://dashboard.emailjs.com/admin",
    );
  });

  it("gives up on a send that never answers once the timeout has passed", async () => {
    vi.useFakeTimers();
    const { sent, deps, logError } = setup(() => new Promise(() => {}));
    const pending = submitRegistration(form, deps);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(logError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({ ok: false, step: "admin" });
    expect(!result.ok && result.error).toBeInstanceOf(SendTimeoutError);
    expect(sent).toHaveLength(1);
  });

  it("bounds each send separately with the given timeout", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { deps } = setup(() => (++calls === 1 ? Promise.resolve("OK") : new Promise(() => {})));
    const pending = submitRegistration(form, { ...deps, timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toMatchObject({ ok: false, step: "student" });
  });

  it("sends nothing and reports success when the honeypot field is filled", async () => {
    const { sent, deps } = setup(async () => "OK");
    expect(await submitRegistration({ ...form, honeypot: "https://spam.example" }, deps)).toEqual({
      ok: true,
      sent: 0,
    });
    expect(sent).toEqual([]);
  });
});

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
