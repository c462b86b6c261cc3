// The site server (server/app.ts, what `npm run serve` runs) inside the test's own process, on a
// free loopback port: for tests that only need a site to visit. Starting server/start.ts as a
// process of its own costs a third of a second of CPU each time (tests of the process itself
// use server-process.ts).
import type { AddressInfo } from "node:net";
import { createSiteServer } from "../../server/app.ts";

export type SiteServer = { base: string; close: () => Promise<void> };

export async function startSiteServer({
  outboxDir,
  distDir = "dist",
}: {
  outboxDir: string;
  distDir?: string;
}): Promise<SiteServer> {
  const host = "127.0.0.1";
  const server = createSiteServer({ distDir, outboxDir, host, log: () => undefined });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // The browsers keep connections open; the server closes only once they are gone.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
