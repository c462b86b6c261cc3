// One email of one lead, sent until it is delivered, refused, or must wait for a better moment.
import type { TemplateParams } from "./email-wire.ts";
import { detailsKey, type Lead, type Step } from "./ledger.ts";
import { TokenError, type TokenSource } from "./recaptcha-tokens.ts";
import { buildAdminEmail, buildStudentEmail, type EmailContent } from "./registration-emails.ts";

/** Bound on each send: a request that never answers must end, not spin. */
export const SEND_TIMEOUT_MS = 15_000;
/** Every send of a registration and every wait between them. */
export const REGISTRATION_BUDGET_MS = 45_000;
export const BACKOFF_FIRST_CEILING_MS = 2000;
export const BACKOFF_CAP_MS = 4000;

export type SendEmail = (params: TemplateParams) => Promise<unknown>;

export type DeliveryDeps = {
  send: SendEmail;
  content: EmailContent;
  tokens?: Pick<TokenSource, "prefetch" | "sign">;
  /** A send that answers after its press gave up: the answer still counts. */
  onLateAnswer?: (lead: Lead, step: Step, ok: boolean) => void;
  /** The rest are time, dice and logs, for tests to drive every path; the real ones by default. */
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  logError?: (message: string, error: unknown) => void;
  logWarn?: (message: string) => void;
};

type Answer = { ok: true } | { ok: false; error: unknown };
/** `retryable`: a failure that waiting may cure; the lead stays on the device for it. */
export type StepResult = { ok: true } | { ok: false; error: unknown; retryable: boolean };

export type DeliveryEvents = {
  onChallenge?: (shown: boolean) => void;
  /** Sent without the visitor asking (at load): a challenge is not put to them, and it waits. */
  quiet?: boolean;
  /** The registration's end (ms since the epoch); REGISTRATION_BUDGET_MS from now by default. */
  deadline?: number;
};

export class SendTimeoutError extends Error {
  override name = "SendTimeoutError";
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** emailjs-com rejects with `{ status, text }` (status 0: no network), and throws text. */
const hasStatus = (error: unknown): error is { status: unknown; text?: unknown } =>
  typeof error === "object" && error !== null && "status" in error;
const statusOf = (error: unknown) => (hasStatus(error) ? error.status : undefined);

export function describeSendError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (!hasStatus(error)) return String(error);
  if (error.status === 0) return "network error, no response";
  const status = `HTTP ${String(error.status)}`;
  return error.text ? `${status}: ${String(error.text)}` : status;
}

// Worth resending, as waiting may cure them: no network (status 0; a TypeError: a script not
// fetched), no answer in time, 429, 5xx, a reCAPTCHA token that did not come (mostly the network)
// unless the visitor closed the challenge. Other 4xx (wrong keys, a broken template, a token
// refused) and the email client's own refusals would fail the same again.
export function isWorthResending(error: unknown): boolean {
  if (error instanceof SendTimeoutError || error instanceof TypeError) return true;
  if (error instanceof TokenError) return !error.closedByVisitor;
  const status = statusOf(error);
  return typeof status === "number" && (status === 0 || status === 429 || status >= 500);
}

// Full jitter, so visitors refused together do not all come back in the same second; low ceilings,
// as in a burst visitors parked on long waits leave the provider's free seconds unused.
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_CEILING_MS * 2 ** (retry - 1));
  return Math.round(ceiling * random());
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function createEmailDelivery(deps: DeliveryDeps) {
  const { send, content, tokens, onLateAnswer } = deps;
  const { wait = sleep, now = Date.now, random = Math.random } = deps;
  const { logError = console.error, logWarn = console.warn } = deps;
  // Unanswered sends by reference, step and details: one may still land, so a later try of the
  // same email waits for it; corrected details are another email, sent at once.
  const unanswered = new Map<string, Promise<Answer>>();
  // The details of every admin email that left for each reference, answered or not.
  const adminLeft = new Map<string, Set<string>>();
  const answerWithin = (sent: Promise<Answer>, ms: number) =>
    Promise.race([sent, wait(ms).then(() => undefined)]);

  return async (lead: Lead, step: Step, events: DeliveryEvents = {}): Promise<StepResult> => {
    const failed = (
      error: unknown,
      reason = `could not be sent (${describeSendError(error)})`,
      log = logError,
    ) => {
      log(`Registration failed: the ${step} email ${reason}.`, error);
      return { ok: false, error, retryable: isWorthResending(error) } as const;
    };
    const details = detailsKey(lead.form);
    const key = `${lead.reference} ${step} ${details}`;
    let deadline = events.deadline ?? now() + REGISTRATION_BUDGET_MS;
    const remaining = () => Math.min(SEND_TIMEOUT_MS, deadline - now());
    const earlier = unanswered.get(key);
    if (earlier) {
      const answer = await answerWithin(earlier, remaining());
      if (!answer) {
        // Silent through a second wait: lost, so the next try resends; a repeat beats a lost lead.
        unanswered.delete(key);
        return failed(new SendTimeoutError(SEND_TIMEOUT_MS), "sent earlier has still not answered");
      }
      if (answer.ok) return { ok: true };
    }
    const at = new Date(lead.at);
    // An admin email of other details may have reached the team under this reference.
    const left = adminLeft.get(lead.reference) ?? new Set<string>();
    adminLeft.set(lead.reference, left);
    const corrects = lead.corrects || [...left].some((sent) => sent !== details);
    const email =
      step === "admin"
        ? buildAdminEmail(lead.form, content, at, { ...lead, corrects })
        : buildStudentEmail(lead.form, content, at, lead.reference);
    for (let retry = 1; ; retry++) {
      let params = email;
      let shownAt = 0;
      // A challenge's time is the visitor's, not the budget's: given back, to the next email too.
      const onChallenge = (shown: boolean) => {
        if (shown) shownAt = now();
        else if (shownAt) events.deadline = deadline += now() - shownAt;
        events.onChallenge?.(shown);
      };
      try {
        if (tokens)
          params = await tokens.sign(email, {
            waitMs: remaining(),
            onChallenge,
            quiet: events.quiet,
          });
      } catch (error) {
        // Quiet, no token is the visitor's failure: the registration waits for them.
        return failed(error, undefined, events.quiet ? logWarn : logError);
      }
      // Without reCAPTCHA, no await before this: the email leaves in the press's own task. A
      // synchronous throw (emailjs-com throws text for a missing id) rejects.
      const sent = new Promise((resolve) => resolve(send(params))).then(
        (): Answer => ({ ok: true }),
        (error: unknown): Answer => ({ ok: false, error }),
      );
      unanswered.set(key, sent);
      if (step === "admin") left.add(details);
      void sent.then(() => {
        if (unanswered.get(key) === sent) unanswered.delete(key);
      });
      // The confirmation's token is asked for while the admin email is on its way.
      if (step === "admin" && !lead.honeypot) tokens?.prefetch();
      const ms = remaining();
      const answer = await answerWithin(sent, ms);
      if (!answer) {
        void sent.then((late) => onLateAnswer?.(lead, step, late.ok));
        return failed(new SendTimeoutError(ms));
      }
      if (answer.ok) return { ok: true };
      if (statusOf(answer.error) !== 429) return failed(answer.error);
      const why = describeSendError(answer.error);
      const pause = backoffDelay(retry, random);
      if (now() + pause >= deadline)
        return failed(answer.error, `could not be sent (${why}, still after ${retry} tries)`);
      logWarn(
        `Registration: the ${step} email was rate limited (${why}); trying again in ${pause} ms.`,
      );
      await wait(pause);
    }
  };
}
