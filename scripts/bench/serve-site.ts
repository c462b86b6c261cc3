// Serves one build for the benchmark in a process of its own, so the benchmark's own work
// (Lighthouse parses traces in the parent) never delays a response and skews the server
// latency that Lighthouse's simulation adds to every request.
// Usage: node --import tsx scripts/bench/serve-site.ts DIR PORT  (prints the origin when ready)
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createStaticServer, listen } from "./static-server.ts";

export type SiteProcess = { origin: string; stop: () => void };

/** Starts this file as a child process serving `dir`; resolves once it listens. */
export async function serveSite(dir: string, port: number): Promise<SiteProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), dir, String(port)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const [line] = (await Promise.race([
    once(child.stdout, "data"),
    once(child, "exit").then(([code]) => {
      throw new Error(`the site server exited (${code})`);
    }),
  ])) as [Buffer];
  return { origin: String(line).trim(), stop: () => void child.kill() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, port = "0"] = process.argv.slice(2);
  if (!dir) throw new Error("usage: serve-site.ts DIR [PORT]");
  console.log(await listen(await createStaticServer(dir), Number(port)));
}
