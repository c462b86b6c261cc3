/** Bound on each send: a request that never answers must end in the error, not a spinner. */
export const SEND_TIMEOUT_MS = 15_000;

/** Every send of a registration and every wait between them. */
export const REGISTRATION_BUDGET_MS = 45_000;

/** Low: in a burst, visitors parked on long waits leave the provider's free seconds unused. */
export const BACKOFF_FIRST_CEILING_MS = 2000;
export const BACKOFF_CAP_MS = 4000;

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

/**
 * Only "429 Too Many Requests" is worth another try: the provider said "later", and nothing was
 * sent. Any other answer (4xx, 5xx) or a network error would fail the same way again at once.
 */
export function isRateLimited(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { status?: unknown }).status === 429
  );
}

/**
 * Only failures that waiting can cure: no network (status 0, or a script that could not be
 * fetched: a TypeError), no answer in time, 429 and 5xx. Any other 4xx (wrong keys, a broken
 * template) and the email client's own refusals (thrown text) would fail the same way again.
 */
export function isWorthResending(error: unknown): boolean {
  if (error instanceof SendTimeoutError || error instanceof TypeError) return true;
  if (typeof error !== "object" || error === null) return false;
  const { status } = error as { status?: unknown };
  return typeof status === "number" && (status === 0 || status === 429 || status >= 500);
}

/**
 * "Full jitter" (a random point below the ceiling), so visitors refused together do not all come
 * back in the same second. emailjs-com exposes no response headers, so `Retry-After` is unread.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_CEILING_MS * 2 ** (retry - 1));
  return Math.round(ceiling * random());
}

/** Never rejects. */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, ms));
    const settle = () => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(settle, settle);
  });
}
