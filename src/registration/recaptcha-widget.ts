// Rendered explicitly, its script loaded at the first ask for a token, so the page decides when
// Google runs. The badge is hidden, which Google's terms allow while the form shows their notice.
import type { RecaptchaWidget } from "./recaptcha-tokens.ts";

type Grecaptcha = {
  render: (
    container: HTMLElement,
    parameters: {
      sitekey: string;
      size: "invisible";
      badge: "inline";
      callback: (token: string) => void;
      "expired-callback": () => void;
      "error-callback": () => void;
    },
  ) => number;
  execute: (widgetId: number) => void;
  reset: (widgetId: number) => void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    onRecaptchaLoad?: () => void;
  }
}

export const RECAPTCHA_SCRIPT = "https://www.google.com/recaptcha/api.js";
const ONLOAD = "onRecaptchaLoad";

let loading: Promise<RecaptchaWidget> | undefined;

function loadScript(doc: Document): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const win = doc.defaultView ?? window;
    const script = doc.createElement("script");
    win[ONLOAD] = () =>
      win.grecaptcha ? resolve(win.grecaptcha) : reject(new Error("no grecaptcha"));
    script.src = `${RECAPTCHA_SCRIPT}?render=explicit&onload=${ONLOAD}`;
    script.async = true;
    // Blocked (an extension, a firewall, the CSP) or offline: the error event says so at once.
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error(`Google's reCAPTCHA script could not be loaded`));
    });
    doc.head.append(script);
  });
}

function renderWidget(doc: Document, grecaptcha: Grecaptcha, sitekey: string): RecaptchaWidget {
  // Google's badge goes in here, out of sight and out of the layout (set through the CSSOM, which
  // the CSP allows); the challenge, when Google shows one, is a frame of its own over the page.
  const container = doc.createElement("div");
  container.style.position = "absolute";
  container.style.visibility = "hidden";
  doc.body.append(container);
  let pending: { resolve: (token: string) => void; reject: (error: Error) => void } | undefined;
  const fail = (message: string) => () => pending?.reject(new Error(message));
  const id = grecaptcha.render(container, {
    sitekey,
    size: "invisible",
    badge: "inline",
    callback: (token) => {
      pending?.resolve(token);
      pending = undefined;
    },
    "expired-callback": fail("the reCAPTCHA token expired"),
    "error-callback": fail("reCAPTCHA reported an error (often a network problem)"),
  });
  return {
    execute: () =>
      new Promise((resolve, reject) => {
        pending?.reject(new Error("asked again before Google answered"));
        pending = { resolve, reject };
        // A widget answers once until it is reset; each send needs a token of its own.
        grecaptcha.reset(id);
        grecaptcha.execute(id);
      }),
  };
}

/** A failed load is tried again next time. */
export function loadRecaptchaWidget(doc: Document, sitekey: string): Promise<RecaptchaWidget> {
  if (!loading) {
    const attempt = loadScript(doc).then((grecaptcha) => renderWidget(doc, grecaptcha, sitekey));
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
  }
  return loading;
}

/**
 * Whether Google's challenge is on screen. Google gives no event for it: its challenge is the
 * frame from /recaptcha/api2/bframe, shown and hidden through its container's visibility.
 */
export function recaptchaChallengeShown(doc: Document): boolean {
  for (const frame of doc.querySelectorAll<HTMLIFrameElement>(
    'iframe[src*="/recaptcha/api2/bframe"]',
  )) {
    const view = doc.defaultView;
    if (view && view.getComputedStyle(frame).visibility === "visible") return true;
  }
  return false;
}
