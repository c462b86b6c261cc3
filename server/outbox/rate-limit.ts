// OUTBOX_RATE_LIMIT: the outbox can refuse sends beyond N per second with 429, as a rate-limited
// email API does (EmailJS allows about one per second), so the page's backoff can be rehearsed.

/** Parses OUTBOX_RATE_LIMIT: unset or empty is no limit; anything but a whole number ≥ 1 throws. */
export function parseRateLimit(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) {
    throw new Error(
      `OUTBOX_RATE_LIMIT must be a whole number of sends per second (1 or more), not "${value}".`,
    );
  }
  return limit;
}

export type RateLimiter = {
  /** Takes a slot: undefined when the send may go on, else the seconds until one frees up. */
  take: () => number | undefined;
};

/** At most `perSecond` sends in any sliding second (clock injected for the tests). */
export function createRateLimiter(perSecond: number, now: () => number = Date.now): RateLimiter {
  const accepted: number[] = [];
  return {
    take() {
      const time = now();
      while (accepted.length && (accepted[0] ?? 0) <= time - 1000) accepted.shift();
      if (accepted.length < perSecond) {
        accepted.push(time);
        return undefined;
      }
      return Math.max(1, Math.ceil(((accepted[0] ?? time) + 1000 - time) / 1000));
    },
  };
}
