// The real site server (`tsx server/start.ts`) on a free loopback port, with its own outbox.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

export type RunningSite = { url: string; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startSite(outboxDir: string): Promise<RunningSite> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["server/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      OUTBOX_DIR: outboxDir,
      DIST_DIR: process.env.DIST_DIR ?? "dist",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`The site server exited: ${stderr}`);
    const up = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (waited > 20_000) throw new Error(`The site server did not answer at ${url}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
