// A second, real `npm run serve` process for journeys that need other server settings (such as
// OUTBOX_RATE_LIMIT), on a free port and with an outbox folder of its own.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type SiteServer = { baseURL: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitUntilServing(baseURL: string, child: ChildProcess, log: () => string) {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited: ${log()}`);
    try {
      if ((await fetch(baseURL)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer within 20 s: ${log()}`);
}

/** Starts `tsx server/start.ts` with `env` added; stop() ends it and removes its outbox. */
export async function startSiteServer(env: Record<string, string>): Promise<SiteServer> {
  const [port, outboxDir] = await Promise.all([
    freePort(),
    mkdtemp(path.join(tmpdir(), "e2e-outbox-")),
  ]);
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      OUTBOX_DIR: outboxDir,
      DIST_DIR: process.env.DIST_DIR ?? "dist",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(outboxDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
