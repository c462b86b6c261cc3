import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { processesOfRun, reapLeftProcesses, RUN_MARKER } from "./process-leaks.ts";

// The check reads /proc: it finds nothing where there is none, so there is nothing to test.
describe.runIf(existsSync("/proc/self/environ"))("the check for processes a run left", () => {
  it("finds a process that carries the run's marker, kills it, and then finds nothing", async () => {
    const runId = `leak-test-${process.pid}-${Date.now()}`;
    const spawnSleep = (marker: string) =>
      spawn("sleep", ["30"], { env: { ...process.env, [RUN_MARKER]: marker }, stdio: "ignore" });
    const left = spawnSleep(runId);
    const otherRun = spawnSleep(`${runId}-other`);
    const exited = new Promise((resolve) => left.on("exit", resolve));
    try {
      expect(processesOfRun(runId)).toEqual([{ pid: left.pid, command: "sleep 30" }]);
      expect(await reapLeftProcesses(runId, 0)).toEqual([{ pid: left.pid, command: "sleep 30" }]);
      await exited;
      expect(processesOfRun(runId)).toEqual([]);
      expect(await reapLeftProcesses(runId, 0)).toEqual([]);
    } finally {
      left.kill("SIGKILL");
      otherRun.kill("SIGKILL");
    }
  });
});
