// One email of one lead, sent until it is delivered, refused, or must wait for a better moment.
// The transport, the tokens and time come in as dependencies, so tests drive every path.
import type { TemplateParams } from "./email-wire.ts";
import type { Lead, Step } from "./ledger.ts";
import { TokenError, type TokenSource } from "./recaptcha-tokens.ts";
import { buildAdminEmail, buildStudentEmail, type EmailContent } from "./registration-emails.ts";

/** Bound on each send: a request that never answers must end, not spin. */
export const SEND_TIMEOUT_MS = 15_000;
/** Every send of a registration and every wait between them. */
export const REGISTRATION_BUDGET_MS = 45_000;
/** Low: in a burst, visitors parked on long waits leave the provider's free seconds unused. */
export const BACKOFF_FIRST_CEILING_MS = 2000;
export const BACKOFF_CAP_MS = 4000;

export type SendEmail = (params: TemplateParams) => Promise<unknown>;

export type DeliveryDeps = {
  send: SendEmail;
  content: EmailContent;
  tokens?: Pick<TokenSource, "prefetch" | "sign">;
  /** Resolves after `ms`: the tests' clock. */
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
  logError?: (message: string, error: unknown) => void;
  logWarn?: (message: string) => void;
  /** A send that answers after its press gave up: the answer still counts. */
  onLateAnswer?: (lead: Lead, step: Step, ok: boolean) => void;
};

/** `retryable`: a failure that waiting may cure; the lead stays on the device for it. */
export type StepResult = { ok: true } | { ok: false; error: unknown; retryable: boolean };

export type DeliveryEvents = {
  onChallenge?: (shown: boolean) => void;
  /** When the registration must have ended (ms since the epoch); REGISTRATION_BUDGET_MS from now. */
  deadline?: number;
};

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

const statusOf = (error: unknown) =>
  typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;

/**
 * Failures that waiting can cure: no network (status 0, a script that could not be fetched: a
 * TypeError), no answer in time, 429, 5xx, and a reCAPTCHA token that did not come (Google's
 * script unreachable or its error callback: the network, most often). Any other 4xx (wrong keys,
 * a broken template, a token refused) and the email client's own refusals fail the same again.
 */
export function isWorthResending(error: unknown): boolean {
  if (error instanceof SendTimeoutError || error instanceof TypeError) return true;
  if (error instanceof TokenError) return !error.closedByVisitor;
  const status = statusOf(error);
  return typeof status === "number" && (status === 0 || status === 429 || status >= 500);
}

/** "Full jitter", so visitors refused together do not all come back in the same second. */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_CEILING_MS * 2 ** (retry - 1));
  return Math.round(ceiling * random());
}

/** One send: it may answer long after its timeout, and then still counts. */
type Delivery = { done: Promise<void>; settled: boolean; ok: boolean; error?: unknown };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function createEmailDelivery({
  send,
  content,
  tokens,
  wait = sleep,
  now = Date.now,
  random = Math.random,
  timeoutMs = SEND_TIMEOUT_MS,
  logError = console.error,
  logWarn = console.warn,
  onLateAnswer,
}: DeliveryDeps) {
  /** This page's sends still unanswered, by reference and step: never sent twice at once. */
  const unanswered = new Map<string, Delivery>();

  /** True once settled, false when `ms` passed first. */
  const settlesWithin = (delivery: Delivery, ms: number) =>
    Promise.race([delivery.done.then(() => true), wait(ms).then(() => delivery.settled)]);

  function start(lead: Lead, step: Step, params: TemplateParams): Delivery {
    const delivery: Delivery = { done: Promise.resolve(), settled: false, ok: false };
    const key = `${lead.reference} ${step}`;
    unanswered.set(key, delivery);
    // Sent in this task; a synchronous throw (emailjs-com throws text for a missing id) rejects.
    delivery.done = new Promise((resolve) => resolve(send(params))).then(
      () => void (delivery.ok = true),
      (error: unknown) => void (delivery.error = error),
    );
    void delivery.done.then(() => {
      delivery.settled = true;
      if (unanswered.get(key) === delivery) unanswered.delete(key);
    });
    return delivery;
  }

  function paramsOf(lead: Lead, step: Step): TemplateParams {
    const at = new Date(lead.at);
    const { form, reference, source, honeypot } = lead;
    return step === "admin"
      ? buildAdminEmail(form, content, at, { source, honeypot, reference })
      : buildStudentEmail(form, content, at, reference);
  }

  const failed = (step: Step, error: unknown, reason: string): StepResult => {
    logError(`Registration failed: the ${step} email ${reason}.`, error);
    return { ok: false, error, retryable: isWorthResending(error) };
  };

  return async function deliver(
    lead: Lead,
    step: Step,
    events: DeliveryEvents = {},
  ): Promise<StepResult> {
    let deadline = events.deadline ?? now() + REGISTRATION_BUDGET_MS;
    const { onChallenge } = events;
    const remaining = () => Math.min(timeoutMs, deadline - now());
    const earlier = unanswered.get(`${lead.reference} ${step}`);
    if (earlier) {
      // Sent before and unanswered: it may still land, so wait for it rather than send twice.
      if (!(await settlesWithin(earlier, remaining()))) {
        // Silent through a second wait: counted as lost, so the next try sends it again (a
        // repeat, with its reference, is better than a lead that never arrives).
        unanswered.delete(`${lead.reference} ${step}`);
        return failed(step, new SendTimeoutError(timeoutMs), "sent earlier has still not answered");
      }
      if (earlier.ok) return { ok: true };
    }
    const more = step === "admin" && !lead.honeypot;
    for (let retry = 1; ; retry++) {
      let params = paramsOf(lead, step);
      if (tokens) {
        let shownAt = 0;
        const challenge = (shown: boolean) => {
          // The time a visitor spends on Google's challenge is theirs, not the budget's.
          if (shown) shownAt = now();
          // Written back, so the registration's next email has that time too.
          else if (shownAt) events.deadline = deadline += now() - shownAt;
          onChallenge?.(shown);
        };
        try {
          params = await tokens.sign(params, { waitMs: remaining(), onChallenge: challenge });
        } catch (error) {
          return failed(step, error, `could not be sent (${describeSendError(error)})`);
        }
      }
      // Without reCAPTCHA, no await before this: the email leaves in the press's own task.
      const delivery = start(lead, step, params);
      // The next send's token is asked for while this one is on its way.
      if (more) tokens?.prefetch();
      const ms = remaining();
      if (!(await settlesWithin(delivery, ms))) {
        void delivery.done.then(() => onLateAnswer?.(lead, step, delivery.ok));
        return failed(
          step,
          new SendTimeoutError(ms),
          `could not be sent (no answer within ${ms} ms)`,
        );
      }
      if (delivery.ok) return { ok: true };
      const { error } = delivery;
      if (statusOf(error) !== 429)
        return failed(step, error, `could not be sent (${describeSendError(error)})`);
      const pause = backoffDelay(retry, random);
      if (now() + pause >= deadline)
        return failed(
          step,
          error,
          `could not be sent (${describeSendError(error)}, still after ${retry} tries)`,
        );
      logWarn(
        `Registration: the ${step} email was rate limited (${describeSendError(error)}); trying again in ${pause} ms.`,
      );
      await wait(pause);
    }
  };
}
