// `npm start` (after the build) and `npm run serve`: serves dist/ with the outbox on loopback.
import path from "node:path";
import { createSiteServer } from "./app.ts";

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "127.0.0.1";
const distDir = path.resolve(process.env.DIST_DIR ?? "dist");
const outboxDir = path.resolve(process.env.OUTBOX_DIR ?? ".outbox");

const server = createSiteServer({ distDir, outboxDir });
server.listen(port, host, () => {
  const shown = host === "127.0.0.1" || host === "::1" ? "localhost" : host;
  console.log(`Site:   http://${shown}:${port}/`);
  console.log(`Outbox: http://${shown}:${port}/outbox (messages kept in ${outboxDir})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
