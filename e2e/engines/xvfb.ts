// A virtual X display for WebKitGTK's MiniBrowser, which has no headless mode: Xvfb picks a free
// display number itself (-displayfd), so parallel runs never collide.
import { spawn } from "node:child_process";
import type { Readable } from "node:stream";

export type Display = { display: string; stop: () => void };

export async function startXvfb(): Promise<Display> {
  const xvfb = spawn(
    "Xvfb",
    ["-displayfd", "3", "-screen", "0", "2800x2000x24", "-nolisten", "tcp"],
    {
      stdio: ["ignore", "ignore", "ignore", "pipe"],
    },
  );
  const number = await new Promise<string>((resolve, reject) => {
    xvfb.once("error", (error) =>
      reject(new Error(`Xvfb could not start (apt-get install xvfb): ${error.message}`)),
    );
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited with code ${code}`)));
    (xvfb.stdio[3] as Readable).once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return { display: `:${number}`, stop: () => void xvfb.kill() };
}
