// What the loader imports on the visitor's first intent (src/loader.ts), and nothing else does:
// the islands' code itself is the entry-client chunk, which the email client's chunk shares. A
// browser may keep a failed import as failed for the page's lifetime (Chromium 150 does), so
// the loader tries again under a new URL of this file (`?try=2`); as nothing else imports it,
// that never makes a second copy of the code, and the chunk it imports was never asked for.
import "./entry-client.tsx";
