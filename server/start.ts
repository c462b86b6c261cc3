// `npm start` (after the build) and `npm run serve`: serves dist/ with the outbox on loopback.
import path from "node:path";
import { createSiteServer } from "./app.ts";
import { parseRateLimit } from "./outbox/rate-limit.ts";

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "127.0.0.1";
const distDir = path.resolve(process.env.DIST_DIR ?? "dist");
const outboxDir = path.resolve(process.env.OUTBOX_DIR ?? ".outbox");

const outboxRateLimit = parseRateLimit(process.env.OUTBOX_RATE_LIMIT);

const server = createSiteServer({ distDir, outboxDir, outboxRateLimit });
server.listen(port, host, () => {
  const shown = host === "127.0.0.1" || host === "::1" ? "localhost" : host;
  console.log(`Site:   http://${shown}:${port}/`);
  console.log(`Outbox: http://${shown}:${port}/outbox (messages kept in ${outboxDir})`);
  if (outboxRateLimit) console.log(`Outbox: at most ${outboxRateLimit} sends per second, then 429`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
