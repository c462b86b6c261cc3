// Installed in every document before the site's own code runs (or, in WebKitGTK, which has no
// preload scripts over WebDriver classic, while the page is still loading and long before the
// islands hydrate): records CSP violations, uncaught errors, resources that failed to load and console errors and warnings in
// window.__engineProblems. Plain JavaScript text, as each driver sends it to the browser as is.
export const watchPageScript = `(() => {
  if (window.__engineProblems) return;
  const problems = [];
  Object.defineProperty(window, "__engineProblems", { value: problems });
  document.addEventListener("securitypolicyviolation", (event) => {
    problems.push("CSP violation: " + event.effectiveDirective + " blocked " + (event.blockedURI || "inline"));
  });
  // In the capture phase: a resource that fails to load (a <link>, <img>, <script>) fires "error"
  // on its element, and that event does not bubble.
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (!(target instanceof Element)) return problems.push("pageerror: " + event.message);
      const url = target.getAttribute("href") || target.getAttribute("src") || "";
      const rel = target.getAttribute("rel");
      problems.push("resource error: <" + target.localName + (rel ? ' rel="' + rel + '"' : "") + "> " + url);
    },
    true,
  );
  window.addEventListener("unhandledrejection", (event) => problems.push("unhandledrejection: " + event.reason));
  for (const level of ["error", "warn"]) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      problems.push(level + ": " + args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" "));
      original(...args);
    };
  }
})();`;

/** Reads what the watcher recorded (an expression for `evaluate`). */
export function recordedProblems(): string[] {
  return [...((window as unknown as { __engineProblems?: string[] }).__engineProblems ?? [])];
}
