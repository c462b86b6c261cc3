// The send flow of a registration, free of React and of the email library: the transport comes
// in as a dependency, so tests drive every path (order, failures, timeouts) directly.
import type { TemplateParams } from "./email-wire.ts";
import { buildAdminEmail, buildStudentEmail, type EmailContent } from "./registration-emails.ts";
import type { RegistrationData } from "./registration-data.ts";

export type SendEmail = (params: TemplateParams) => Promise<unknown>;

export type SubmitDeps = {
  send: SendEmail;
  content: EmailContent;
  now?: () => Date;
  /** Bound on each send: a request that never answers must end in the error, not a spinner. */
  timeoutMs?: number;
  logError?: (message: string, error: unknown) => void;
};

export type Submission = RegistrationData & {
  /** The hidden field only bots fill in. */
  honeypot?: string;
};

export type SubmitResult =
  { ok: true; sent: number } | { ok: false; step: "admin" | "student"; error: unknown };

export const SEND_TIMEOUT_MS = 15_000;

export class SendTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "SendTimeoutError";
  }
}

/** A readable reason for the log: emailjs-com rejects with `{ status, text }` or throws text. */
export function describeSendError(error: unknown): string {
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "status" in error) {
    const { status, text } = error as { status: unknown; text?: unknown };
    if (status === 0) return "network error, no response";
    return text ? `HTTP ${String(status)}: ${String(text)}` : `HTTP ${String(status)}`;
  }
  return String(error);
}

function withTimeout<T>(start: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new SendTimeoutError(ms)), ms);
    // `start` may throw synchronously (emailjs-com throws plain strings for missing ids).
    Promise.resolve()
      .then(start)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

export async function submitRegistration(
  form: Submission,
  {
    send,
    content,
    now = () => new Date(),
    timeoutMs = SEND_TIMEOUT_MS,
    logError = console.error,
  }: SubmitDeps,
): Promise<SubmitResult> {
  // A bot filled the hidden field: send nothing, and let it believe it succeeded.
  if (form.honeypot) return { ok: true, sent: 0 };

  const at = now();
  // Admin first: the student hears "you're registered" only once the provider has the lead.
  const steps = [
    ["admin", buildAdminEmail(form, content, at)],
    ["student", buildStudentEmail(form, content, at)],
  ] as const;
  for (const [step, params] of steps) {
    try {
      await withTimeout(() => send(params), timeoutMs);
    } catch (error) {
      logError(
        `Registration failed: the ${step} email could not be sent (${describeSendError(error)}).`,
        error,
      );
      return { ok: false, step, error };
    }
  }
  return { ok: true, sent: steps.length };
}
