// One token per send (Google verifies a token once), asked for ahead of need so a token is rarely
// on the critical path. The widget comes in as a dependency, so tests drive every path.
import { RECAPTCHA_PARAM, type TemplateParams } from "./email-wire.ts";

export type RecaptchaWidget = {
  /** Google may show a challenge first. */
  execute: () => Promise<string>;
};

export type TokenWait = {
  /** How long to wait for the token while no challenge is on screen. */
  waitMs: number;
  /** Told when Google's challenge appears (true) and when it is gone (false). */
  onChallenge?: (shown: boolean) => void;
};

export type TokenSource = {
  /**
   * Asks, one after the other, for the tokens missing to have `count` fresh ones ready or on their
   * way (default 1).
   */
  prefetch: (count?: number) => void;
  /** A token no send has used: the one asked for ahead, or a new one. */
  take: (wait: TokenWait) => Promise<string>;
  /** Rejects with a TokenError when no token came. */
  sign: (params: TemplateParams, wait: TokenWait) => Promise<TemplateParams>;
};

export type TokenSourceOptions = {
  /** A failure is not kept: the next ask retries. */
  widget: () => Promise<RecaptchaWidget>;
  challengeShown: () => boolean;
  now?: () => number;
  /** A token lives two minutes; one older than this is not sent (the send itself takes time). */
  maxAgeMs?: number;
  /** How long a visitor has for a challenge (Google's own lasts two minutes). */
  challengeMs?: number;
  /** A challenge gone this long with no token was closed by the visitor, not solved. */
  closedAfterMs?: number;
  /**
   * Google answers an invisible ask within a second or two: an ask this old, with no challenge on
   * screen, most likely had its challenge closed, and only a new ask brings it back.
   */
  stuckAfterMs?: number;
  pollMs?: number;
};

/** Worth asking again later, unless the visitor closed Google's challenge. */
export class TokenError extends Error {
  readonly closedByVisitor: boolean;
  constructor(message: string, closedByVisitor = false) {
    super(message);
    this.name = "TokenError";
    this.closedByVisitor = closedByVisitor;
  }
}

export const TOKEN_MAX_AGE_MS = 100_000;
export const CHALLENGE_MS = 120_000;

type Ask = { token: Promise<string>; askedAt: number; receivedAt?: number; settled?: true };

export function createTokenSource({
  widget,
  challengeShown,
  now = Date.now,
  maxAgeMs = TOKEN_MAX_AGE_MS,
  challengeMs = CHALLENGE_MS,
  closedAfterMs = 1000,
  stuckAfterMs = 5000,
  pollMs = 250,
}: TokenSourceOptions): TokenSource {
  /** Tokens asked for ahead of the sends that will take them, oldest first. */
  let ahead: Ask[] = [];
  /** The latest ask, taken by a send or not: the widget answers one ask at a time. */
  let latest: Ask | undefined;

  const ask = (): Ask => {
    const asked: Ask = { token: widget().then((loaded) => loaded.execute()), askedAt: now() };
    asked.token.then(
      () => {
        asked.receivedAt = now();
        asked.settled = true;
      },
      () => {
        asked.settled = true;
        ahead = ahead.filter((other) => other !== asked);
      },
    );
    latest = asked;
    return asked;
  };

  const usable = (asked: Ask | undefined): asked is Ask =>
    asked !== undefined && (asked.receivedAt === undefined || now() - asked.receivedAt < maxAgeMs);

  /** Resolves with the token, or rejects once the wait (longer while a challenge is up) is over. */
  const waitFor = (token: Promise<string>, { waitMs, onChallenge }: TokenWait) =>
    new Promise<string>((resolve, reject) => {
      const started = now();
      let shownSince: number | undefined;
      let hiddenSince: number | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const end = (settle: () => void) => {
        clearTimeout(timer);
        if (shownSince !== undefined) onChallenge?.(false);
        shownSince = undefined;
        settle();
      };
      const check = () => {
        const at = now();
        if (challengeShown()) {
          hiddenSince = undefined;
          if (shownSince === undefined) {
            shownSince = at;
            onChallenge?.(true);
          }
        } else if (shownSince !== undefined) {
          hiddenSince ??= at;
          if (at - hiddenSince >= closedAfterMs)
            return end(() => reject(new TokenError("the visitor closed the challenge", true)));
        }
        const limit = shownSince === undefined ? started + waitMs : shownSince + challengeMs;
        if (at >= limit && hiddenSince === undefined)
          return end(() => reject(new TokenError(`no token within ${at - started} ms`)));
        timer = setTimeout(check, pollMs);
      };
      token.then(
        (value) => end(() => resolve(value)),
        (error: unknown) => end(() => reject(error)),
      );
      check();
    });

  const stuck = (asked: Ask) =>
    asked.receivedAt === undefined && now() - asked.askedAt >= stuckAfterMs && !challengeShown();

  const take = (wait: TokenWait) => {
    ahead = ahead.filter(usable);
    const first = ahead[0];
    // Only the newest ask can be unanswered, so a stuck one leaves nothing behind it.
    const asked = first && !stuck(first) ? first : ask();
    // Whatever happens to it, no other send gets this token.
    ahead = asked === first ? ahead.slice(1) : [];
    // A token in hand needs no look for a challenge (a style recalculation, on the press's path).
    return asked.receivedAt === undefined ? waitFor(asked.token, wait) : asked.token;
  };

  return {
    prefetch(count = 1) {
      ahead = ahead.filter(usable);
      let missing = count - ahead.length;
      const askNext = () => {
        // A new ask would cancel one still on its way, even one a send has taken.
        if (missing <= 0 || (latest !== undefined && !latest.settled)) return;
        missing -= 1;
        const asked = ask();
        ahead.push(asked);
        asked.token.then(askNext, () => {});
      };
      askNext();
    },
    take,
    sign: (params, wait) =>
      take(wait).then(
        (token) => ({ ...params, [RECAPTCHA_PARAM]: token }),
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          const closed = error instanceof TokenError && error.closedByVisitor;
          throw new TokenError(`no reCAPTCHA token: ${reason}`, closed);
        },
      ),
  };
}
