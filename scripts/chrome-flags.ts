// Chromium as the tests and the benchmark run it: headless, quiet (no background traffic, no
// component or sync updates, no QUIC), and unable to resolve any host but loopback, so a run never
// waits on the network and any stray third-party request fails loudly instead of timing out.
export const quietFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/** For chrome-launcher, which starts the browser itself (Playwright adds its own headless flag). */
export const lighthouseChromeFlags = ["--headless=new", ...quietFlags];
