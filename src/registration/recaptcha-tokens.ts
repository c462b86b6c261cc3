// One token per send (Google verifies a token once), asked for ahead of need so a token is rarely
// on the critical path. The widget comes in as a dependency, so tests drive every path.
import { RECAPTCHA_PARAM, type TemplateParams } from "./email-wire.ts";

/** `cancel`: the ask ends unanswered and its challenge, if shown, goes. */
export type RecaptchaWidget = { execute: () => Promise<string>; cancel: () => void };
/**
 * `onChallenge` hears when Google's challenge shows (true) and when it goes (false). `quiet`: the
 * visitor did not ask for this send, so a challenge is taken down at once and the wait ends.
 */
export type TokenWait = { waitMs: number; onChallenge?: (shown: boolean) => void; quiet?: boolean };
export type TokenSource = ReturnType<typeof createTokenSource>;
export type TokenSourceOptions = {
  widget: () => Promise<RecaptchaWidget>;
  challengeShown: () => boolean;
};

/** A token lives two minutes; one older than this is not sent (the send itself takes time). */
export const TOKEN_MAX_AGE_MS = 100_000;
/** A visitor has as long for a challenge as Google's own lasts. */
export const CHALLENGE_MS = 120_000;

/** What `sign` rejects with: worth asking again later, unless the visitor closed the challenge. */
export class TokenError extends Error {
  readonly closedByVisitor: boolean;
  constructor(message: string, closedByVisitor = false) {
    super(message);
    this.name = "TokenError";
    this.closedByVisitor = closedByVisitor;
  }
}

type Ask = { token: Promise<string>; askedAt: number; receivedAt?: number; failed?: true };

export function createTokenSource({ widget, challengeShown }: TokenSourceOptions) {
  // Asked for ahead of the sends that will take them, oldest first.
  let ahead: Ask[] = [];
  // The widget answers one ask at a time: a new ask cancels this one, even if a send took it.
  let latest: Ask | undefined;

  const ask = (): Ask => {
    const asked: Ask = { token: widget().then((loaded) => loaded.execute()), askedAt: Date.now() };
    asked.token.then(() => (asked.receivedAt = Date.now())).catch(() => (asked.failed = true));
    return (latest = asked);
  };
  const usable = ({ failed, receivedAt }: Ask) =>
    !failed && (receivedAt === undefined || Date.now() - receivedAt < TOKEN_MAX_AGE_MS);
  // Google answers in a second or two: an ask 5 s old, with no challenge on screen, had its
  // challenge closed, and only a new ask brings it back.
  const stuck = ({ receivedAt, askedAt }: Ask) =>
    receivedAt === undefined && Date.now() - askedAt >= 5000 && !challengeShown();

  /** The token, unless the wait (CHALLENGE_MS while a challenge is up) ends first. */
  const waitFor = (token: Promise<string>, { waitMs, onChallenge, quiet }: TokenWait) => {
    const started = Date.now();
    let shownSince: number | undefined, hiddenSince: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Google gives no event for its challenge, so it is looked for four times a second.
    const watch = new Promise<never>((_, reject) => {
      const check = () => {
        const at = Date.now();
        if (challengeShown()) {
          hiddenSince = undefined;
          if (shownSince === undefined) onChallenge?.(true);
          shownSince ??= at;
          if (quiet) {
            void widget().then((loaded) => loaded.cancel());
            return reject(new TokenError("a challenge waits for the visitor to ask for it"));
          }
        } else if (shownSince !== undefined) hiddenSince ??= at;
        // Gone a second with no token: closed by the visitor, not solved.
        if (hiddenSince !== undefined && at - hiddenSince >= 1000)
          return reject(new TokenError("the visitor closed the challenge", true));
        const limit = shownSince === undefined ? started + waitMs : shownSince + CHALLENGE_MS;
        if (at >= limit && hiddenSince === undefined)
          return reject(new TokenError(`no token within ${at - started} ms`));
        // Quiet, a challenge is looked for often enough to go before the visitor takes it in.
        timer = setTimeout(check, quiet ? 50 : 250);
      };
      check();
    });
    return Promise.race([watch, token]).finally(() => {
      clearTimeout(timer);
      if (shownSince !== undefined) onChallenge?.(false);
    });
  };

  /** A token no send has used: one asked for ahead, or a new one. */
  const take = (wait: TokenWait) => {
    const [first, ...rest] = ahead.filter(usable);
    // Only the newest ask can be unanswered, so a stuck one leaves nothing behind it.
    const asked = first && !stuck(first) ? first : ask();
    ahead = asked === first ? rest : [];
    // A token in hand needs no look for a challenge (a style recalculation, on the press's path).
    return asked.receivedAt === undefined ? waitFor(asked.token, wait) : asked.token;
  };

  return {
    /** Asks, one after the other, for the tokens missing to have `count` ready or on their way. */
    prefetch(count = 1) {
      ahead = ahead.filter(usable);
      let missing = count - ahead.length;
      const askNext = () => {
        if (missing <= 0 || (latest && latest.receivedAt === undefined && !latest.failed)) return;
        missing -= 1;
        const asked = ask();
        ahead.push(asked);
        asked.token.then(askNext, () => {});
      };
      askNext();
    },
    take,
    sign: (params: TemplateParams, wait: TokenWait): Promise<TemplateParams> =>
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
