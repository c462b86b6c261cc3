// One small interface over two browser drivers, so each journey is written once and runs in
// Firefox (puppeteer-core over WebDriver BiDi) and WebKitGTK (webdriverio through WebKitWebDriver).
// Chromium is the Playwright suite's own browser: every journey here is a test there too.

export const engineNames = ["firefox", "webkit"] as const;
export type EngineName = (typeof engineNames)[number];

/** The layout viewport in CSS pixels (window.innerWidth × innerHeight), exactly. */
export type Viewport = { width: number; height: number };

export type EnginePage = {
  /** Loads the URL as a new document (never a same-document fragment jump), watching it from the start. */
  goto: (url: string) => Promise<void>;
  /** Reloads the current document, watching the new one from the start. */
  reload: () => Promise<void>;
  setViewport: (viewport: Viewport) => Promise<void>;
  /** A real pointer click in the middle of the element, scrolled into view first. */
  click: (selector: string) => Promise<void>;
  /** Types into an empty field, key by key. */
  fill: (selector: string, value: string) => Promise<void>;
  /** Runs a function in the page; it must be self-contained (it is sent as source text). */
  evaluate: <R, A = undefined>(fn: (arg: A) => R, arg?: A) => Promise<R>;
  /** A PNG of the viewport. */
  screenshot: (file: string) => Promise<void>;
  /** Console errors and warnings, uncaught errors and CSP violations of the current document. */
  problems: () => Promise<string[]>;
  close: () => Promise<void>;
};

export type Engine = {
  name: EngineName;
  /** What actually ran, e.g. "Firefox 153.7.0esr". */
  version: string;
  newPage: (viewport: Viewport) => Promise<EnginePage>;
  close: () => Promise<void>;
};
