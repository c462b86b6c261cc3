// The loader's only import, and nothing else imports it: a failed download is retried under a
// new URL of this file (`?try=2`) without a second copy of the code (docs/decisions/0010-first-paint.md).
import "./entry-client.tsx";
