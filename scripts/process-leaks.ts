// Which processes a test run left behind. `npm test` (scripts/test-all.ts) puts a marker in the
// environment of every step; a server, browser or driver started by a test inherits it, so any
// process still carrying the marker after the last step was started by the run and outlived it.
// Linux's /proc is where another process's environment can be read; elsewhere nothing is found.
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const RUN_MARKER = "SITE_TEST_RUN";

/** A folder where the steps of run `runId` share what they built; `npm test` removes it at the end. */
export const runFolder = (runId: string) => path.join(tmpdir(), `site-test-run-${runId}`);

export type LeftProcess = { pid: number; command: string };

function readProc(pid: string, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    // Gone meanwhile, or not ours to read: not a process of this run either way.
    return undefined;
  }
}

/** The live processes whose environment holds `RUN_MARKER=runId`, except `except` (the caller). */
export function processesOfRun(runId: string, except = process.pid): LeftProcess[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const marker = `${RUN_MARKER}=${runId}`;
  const found: LeftProcess[] = [];
  for (const pid of pids) {
    if (Number(pid) === except) continue;
    const environ = readProc(pid, "environ");
    if (!environ?.split("\0").includes(marker)) continue;
    // A zombie has exited; only its parent has not collected it yet.
    if (/^\d+ \(.*\) Z/s.test(readProc(pid, "stat") ?? "")) continue;
    const command = (readProc(pid, "cmdline") ?? "").split("\0").join(" ").trim();
    found.push({ pid: Number(pid), command });
  }
  return found;
}

/**
 * Waits up to `graceMs` for the run's processes to exit (a browser closing takes a moment), then
 * kills whatever is left and returns it: an empty list means nothing outlived the run.
 */
export async function reapLeftProcesses(runId: string, graceMs = 5000): Promise<LeftProcess[]> {
  const deadline = Date.now() + graceMs;
  let left = processesOfRun(runId);
  while (left.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = processesOfRun(runId);
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Exited just now.
    }
  }
  return left;
}
