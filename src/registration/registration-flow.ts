// The transport comes in as a dependency, so tests drive every path. The flow remembers which
// emails of the current registration were delivered, so a retry sends only what is missing, and
// reports each change, so the lead kept on the device outlives the page.
import type { VisitSource } from "../lib/visit-source.ts";
import type { TemplateParams } from "./email-wire.ts";
import type { TokenSource } from "./recaptcha-tokens.ts";
import { buildAdminEmail, buildStudentEmail, type EmailContent } from "./registration-emails.ts";
import type { Step } from "./keep-lead.ts";
import { registrationKey, type RegistrationData } from "./registration-data.ts";
import {
  backoffDelay,
  describeSendError,
  isRateLimited,
  isWorthResending,
  REGISTRATION_BUDGET_MS,
  SEND_TIMEOUT_MS,
  SendTimeoutError,
  settlesWithin,
} from "./send-policy.ts";

export type SendEmail = (params: TemplateParams) => Promise<unknown>;

export type SubmitDeps = {
  send: SendEmail;
  content: EmailContent;
  now?: () => Date;
  timeoutMs?: number;
  budgetMs?: number;
  random?: () => number;
  logError?: (message: string, error: unknown) => void;
  logWarn?: (message: string) => void;
  tokens?: Pick<TokenSource, "prefetch" | "sign">;
};

export type SubmitEvents = {
  onChallenge?: (shown: boolean) => void;
  onProgress?: (progress: Progress) => void;
};

export type Submission = RegistrationData & {
  /** The hidden field only bots fill in. */
  honeypot?: string;
  source?: VisitSource;
  reference?: string;
  /** The first press's time: a kept lead sent again keeps it. */
  at?: Date;
  /** What an earlier page, or another tab, already delivered of it. */
  delivered?: readonly Step[];
};

export type { Step };

export type SubmitResult =
  | { ok: true; studentEmailed: boolean }
  | { ok: false; step: Step; error: unknown; retryable: boolean };

export type Progress = { delivered: Step[]; inFlight: Step[] };

/** One send of one email. It may answer long after its timeout, and then still counts. */
type Delivery = { done: Promise<void>; settled: boolean; delivered: boolean; error?: unknown };

const DELIVERED: Delivery = { done: Promise.resolve(), settled: true, delivered: true };

type Registration = {
  key: string;
  at: Date;
  deliveries: Partial<Record<Step, Delivery>>;
};

type Failure = { error: unknown; reason: string };

/** When the registration must end; a challenge the visitor solves moves it by its own time. */
type Budget = { deadline: number; events: SubmitEvents };

function progressOf(registration: Registration): Progress {
  const steps = Object.entries(registration.deliveries) as [Step, Delivery | undefined][];
  return {
    delivered: steps.flatMap(([step, delivery]) => (delivery?.delivered ? [step] : [])),
    inFlight: steps.flatMap(([step, delivery]) => (delivery && !delivery.settled ? [step] : [])),
  };
}

function startDelivery(send: SendEmail, params: TemplateParams): Delivery {
  const delivery: Delivery = { done: Promise.resolve(), settled: false, delivered: false };
  // Sent in this task, before whatever the caller does next; a synchronous throw (emailjs-com
  // throws plain strings for missing ids) rejects like a failed send.
  delivery.done = new Promise((resolve) => resolve(send(params)))
    .then(
      () => void (delivery.delivered = true),
      (error: unknown) => void (delivery.error = error),
    )
    .finally(() => void (delivery.settled = true));
  return delivery;
}

export function createRegistrationFlow({
  send,
  content,
  now = () => new Date(),
  timeoutMs = SEND_TIMEOUT_MS,
  budgetMs = REGISTRATION_BUDGET_MS,
  random = Math.random,
  logError = console.error,
  logWarn = console.warn,
  tokens,
}: SubmitDeps) {
  let current: Registration | undefined;

  async function withToken(
    params: TemplateParams,
    budget: Budget,
    waitMs: number,
  ): Promise<{ params: TemplateParams } | { failure: Failure }> {
    if (!tokens) return { params };
    let shownAt: number | undefined;
    const onChallenge = (shown: boolean) => {
      if (shown) shownAt = Date.now();
      else if (shownAt !== undefined) budget.deadline += Date.now() - shownAt;
      budget.events.onChallenge?.(shown);
    };
    try {
      return { params: await tokens.sign(params, { waitMs, onChallenge }) };
    } catch (error) {
      return { failure: { error, reason: `could not be sent (${describeSendError(error)})` } };
    }
  }

  async function deliver(
    registration: Registration,
    step: Step,
    params: TemplateParams,
    budget: Budget,
    more: boolean,
    report: () => void,
  ): Promise<Failure | undefined> {
    const remaining = () => Math.min(timeoutMs, budget.deadline - Date.now());
    const earlier = registration.deliveries[step];
    if (earlier?.delivered) return undefined;
    if (earlier && !earlier.settled) {
      // It timed out before but may still land: wait for it rather than send the email twice.
      const ms = remaining();
      await settlesWithin(earlier.done, ms);
      if (earlier.delivered) return undefined;
      if (!earlier.settled) {
        // Still silent after a second full wait: count it as lost, so the next try sends again
        // (a duplicate admin email is better than a lead that never arrives).
        registration.deliveries[step] = undefined;
        const error = new SendTimeoutError(ms);
        return { error, reason: `sent earlier has still not answered (${error.message})` };
      }
      // It answered with a failure, so nothing landed: send it again below.
    }
    for (let retry = 1; ; retry++) {
      // Without reCAPTCHA, no await: the email leaves in the caller's task (use-registration.ts).
      const signed = tokens ? await withToken(params, budget, remaining()) : { params };
      if ("failure" in signed) return signed.failure;
      const delivery = startDelivery(send, signed.params);
      registration.deliveries[step] = delivery;
      report();
      // A late answer, after this press gave up, is news too: the lead need not be sent again.
      void delivery.done.then(report);
      // The next send's token is asked for while this one is on its way.
      if (more) tokens?.prefetch();
      const ms = remaining();
      if (!(await settlesWithin(delivery.done, ms))) {
        const error = new SendTimeoutError(ms);
        return { error, reason: `could not be sent (${error.message})` };
      }
      if (delivery.delivered) return undefined;
      const { error } = delivery;
      if (!isRateLimited(error))
        return { error, reason: `could not be sent (${describeSendError(error)})` };
      const wait = backoffDelay(retry, random);
      if (Date.now() + wait >= budget.deadline) {
        return {
          error,
          reason: `could not be sent (${describeSendError(error)}, still after ${retry} tries in ${budgetMs} ms)`,
        };
      }
      logWarn(
        `Registration: the ${step} email was rate limited (${describeSendError(error)}); trying again in ${wait} ms.`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  return async function runRegistration(
    form: Submission,
    events: SubmitEvents = {},
  ): Promise<SubmitResult> {
    const key = form.reference ?? registrationKey(form);
    // The same reference (or, without one, the same details) continues the unfinished
    // registration: pressed again, or a kept lead sent again.
    if (current?.key !== key) current = { key, at: form.at ?? now(), deliveries: {} };
    const registration = current;
    for (const step of form.delivered ?? []) registration.deliveries[step] = DELIVERED;
    const report = () => events.onProgress?.(progressOf(registration));
    const { reference } = form;
    const budget: Budget = { deadline: Date.now() + budgetMs, events };
    const extras = { source: form.source ?? {}, honeypot: form.honeypot ?? "", reference };
    // Admin first: the student hears "you're registered" only once the provider has the lead.
    // A filled honeypot may be a person whose browser filled it: the team still gets the lead
    // (flagged), but no confirmation goes to an address a bot may have typed.
    const steps: [Step, () => TemplateParams][] = [
      ["admin", () => buildAdminEmail(form, content, registration.at, extras)],
    ];
    if (!extras.honeypot) {
      steps.push(["student", () => buildStudentEmail(form, content, registration.at, reference)]);
    }
    for (const [index, [step, build]] of steps.entries()) {
      const more = index < steps.length - 1;
      const failure = await deliver(registration, step, build(), budget, more, report);
      if (failure) {
        logError(`Registration failed: the ${step} email ${failure.reason}.`, failure.error);
        const retryable = isWorthResending(failure.error);
        return { ok: false, step, error: failure.error, retryable };
      }
    }
    // Done: the next submit, even with the same details, is a new registration.
    if (current === registration) current = undefined;
    return { ok: true, studentEmailed: !extras.honeypot };
  };
}
