// The site server (server/app.ts, what `npm run serve` runs) inside the test's own process, on a
// free loopback port: for tests that only need a site to visit. Starting server/start.ts as a
// process of its own costs a third of a second of CPU each time (tests of the process itself
// use server-process.ts).
import { createSiteServer } from "../../server/app.ts";
import { listenOnLoopback } from "./loopback.ts";

export type SiteServer = { base: string; close: () => Promise<void> };

export async function startSiteServer({
  outboxDir,
  distDir = "dist",
}: {
  outboxDir: string;
  distDir?: string;
}): Promise<SiteServer> {
  const server = createSiteServer({ distDir, outboxDir, host: "127.0.0.1", log: () => undefined });
  const { origin, close } = await listenOnLoopback(server);
  return { base: origin, close };
}
