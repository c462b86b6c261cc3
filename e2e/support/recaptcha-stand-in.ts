// A stand-in of Google's reCAPTCHA v2 (invisible), served at Google's own addresses through
// Playwright's routing, so the page loads it exactly as it would load Google's script, under its
// CSP, and no test reaches the internet. It speaks the part of `grecaptcha` the page uses
// (explicit render, execute, reset, the callbacks) and, when asked, shows a challenge as Google
// does: a frame from /recaptcha/api2/bframe over the page, hidden again once solved or closed.
import type { BrowserContext, Page, Route } from "@playwright/test";

/** Every host the page could reach Google's reCAPTCHA on. */
export const GOOGLE_HOSTS =
  /^https:\/\/(www\.google\.com|www\.gstatic\.com|recaptcha\.google\.com|www\.recaptcha\.net)\//;

/** A site key of the real format (40 characters); Google's test key, never sent to Google here. */
export const STAND_IN_SITE_KEY = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";

export type StandInOptions = {
  /** The script cannot be loaded: an extension, a firewall, offline. */
  blocked?: boolean;
  /** Which executes (1, 2, …) show a challenge before their token. */
  challengeOn?: number[];
  /** How long a token takes to come (Google's answers a request of the widget's: a round trip). */
  tokenMs?: number;
};

export type RecaptchaStandIn = {
  /** Every request the page made to Google's hosts, in order. */
  requests: string[];
  set: (options: StandInOptions) => void;
};

function script(options: StandInOptions): string {
  return `(() => {
  const onload = new URL(document.currentScript.src).searchParams.get("onload");
  const challengeOn = ${JSON.stringify(options.challengeOn ?? [])};
  const widgets = [];
  let executes = 0;
  let issued = 0;
  let wrap;
  // When each token reached the page, for the benchmark's floor of a registration (tokensAt).
  const given = (window.__recaptchaTokensAt = []);
  const give = (widget) =>
    setTimeout(() => {
      given.push(performance.now());
      widget.callback("stand-in-token-" + ++issued + "-" + Math.random().toString(36).slice(2, 10));
    }, ${options.tokenMs ?? 20});
  window.grecaptcha = {
    render(container, parameters) {
      const badge = document.createElement("div");
      badge.className = "grecaptcha-badge";
      badge.textContent = "protected by reCAPTCHA";
      container.append(badge);
      widgets.push(parameters);
      return widgets.length - 1;
    },
    reset() {},
    execute(id) {
      const widget = widgets[id];
      executes += 1;
      if (!challengeOn.includes(executes)) return give(widget);
      // One challenge frame for the page, shown and hidden again, as Google's.
      if (!wrap) {
        wrap = document.createElement("div");
        wrap.style.position = "fixed";
        wrap.style.inset = "20% 20% auto auto";
        wrap.style.zIndex = "2000000000";
        const frame = document.createElement("iframe");
        frame.title = "recaptcha challenge expires in two minutes";
        frame.src = "https://www.google.com/recaptcha/api2/bframe?k=" + widget.sitekey;
        wrap.append(frame);
        document.body.append(wrap);
      }
      wrap.style.visibility = "visible";
      window.addEventListener("message", function answer(event) {
        if (event.origin !== "https://www.google.com") return;
        window.removeEventListener("message", answer);
        wrap.style.visibility = "hidden";
        if (event.data === "solved") give(widget);
      });
    },
  };
  setTimeout(() => window[onload](), 0);
})();`;
}

const CHALLENGE_PAGE = `<!doctype html><title>reCAPTCHA challenge</title>
<button id="verify">Verify</button> <button id="close">Close</button>
<script>
  for (const id of ["verify", "close"])
    document.getElementById(id).onclick = () => parent.postMessage(id === "verify" ? "solved" : "closed", "*");
</script>`;

/** Serves the stand-in at Google's addresses for every page of `target` (a page or a context). */
export async function routeRecaptcha(
  target: Page | BrowserContext,
  initial: StandInOptions = {},
): Promise<RecaptchaStandIn> {
  let options = initial;
  const requests: string[] = [];
  await target.route(GOOGLE_HOSTS, async (route: Route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    if (options.blocked) return route.abort("blockedbyclient");
    if (url.pathname === "/recaptcha/api.js")
      return route.fulfill({ contentType: "text/javascript", body: script(options) });
    if (url.pathname === "/recaptcha/api2/bframe")
      return route.fulfill({ contentType: "text/html", body: CHALLENGE_PAGE });
    return route.fulfill({ status: 404, body: "not in the stand-in" });
  });
  return { requests, set: (next) => (options = next) };
}
