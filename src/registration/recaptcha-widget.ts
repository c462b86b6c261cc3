// Rendered explicitly, its script loaded at the first ask for a token, so the page decides when
// Google runs. The badge is hidden, which Google's terms allow while the form shows their notice.
import type { RecaptchaWidget } from "./recaptcha-tokens.ts";

type Grecaptcha = {
  render: (container: HTMLElement, parameters: Record<string, unknown>) => number;
  execute: (id: number) => void;
  reset: (id: number) => void;
};
type RecaptchaWindow = Window & { grecaptcha?: Grecaptcha; onRecaptchaLoad?: () => void };

async function load(doc: Document, sitekey: string): Promise<RecaptchaWidget> {
  const win: RecaptchaWindow = doc.defaultView ?? window;
  const grecaptcha = await new Promise<Grecaptcha>((resolve, reject) => {
    win.onRecaptchaLoad = () =>
      win.grecaptcha ? resolve(win.grecaptcha) : reject(new Error("no grecaptcha"));
    const script = doc.createElement("script");
    script.src = "https://www.google.com/recaptcha/api.js?render=explicit&onload=onRecaptchaLoad";
    // Blocked (an extension, a firewall, the CSP) or offline: the error event says so at once.
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error(`Google's reCAPTCHA script could not be loaded`));
    });
    doc.head.append(script);
  });
  // The badge's box: out of sight and of the layout, styled through the CSSOM (the CSP allows it).
  const container = doc.body.appendChild(doc.createElement("div"));
  Object.assign(container.style, { position: "absolute", visibility: "hidden" });
  let pending: { resolve: (token: string) => void; reject: (error: Error) => void } | undefined;
  const fail = (message: string) => () => pending?.reject(new Error(message));
  const challenge = () =>
    doc.querySelector('iframe[src*="/recaptcha/api2/bframe"]')?.closest<HTMLElement>("body > *");
  const id = grecaptcha.render(container, {
    sitekey,
    size: "invisible",
    badge: "inline",
    callback: (token: string) => pending?.resolve(token),
    "expired-callback": fail("the reCAPTCHA token expired"),
    "error-callback": fail("reCAPTCHA reported an error (often a network problem)"),
  });
  return {
    execute: () =>
      new Promise((resolve, reject) => {
        pending?.reject(new Error("asked again before Google answered"));
        pending = { resolve, reject };
        // A widget answers once until it is reset, and each send needs a token of its own.
        grecaptcha.reset(id);
        grecaptcha.execute(id);
      }),
    cancel: () => {
      fail("cancelled before Google answered")();
      grecaptcha.reset(id);
      // Hidden as Google hides it once closed: the next execute shows it again.
      const shown = challenge();
      if (shown) shown.style.visibility = "hidden";
    },
  };
}

let loading: Promise<RecaptchaWidget> | undefined;

/** The one widget of the page; a failed load (blocked, offline) is tried again at the next ask. */
export function loadRecaptchaWidget(doc: Document, sitekey: string): Promise<RecaptchaWidget> {
  loading ??= load(doc, sitekey).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

// No event tells of Google's challenge: its frame (api2/bframe) is shown and hidden by visibility.
export function recaptchaChallengeShown(doc: Document): boolean {
  const frames = doc.querySelectorAll('iframe[src*="/recaptcha/api2/bframe"]');
  const view = doc.defaultView;
  return [...frames].some((frame) => view?.getComputedStyle(frame).visibility === "visible");
}
