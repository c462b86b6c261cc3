// `npm test`: every check, each step started as soon as what it needs is done. The build starts
// at once and the browser tests the moment it has finished; the checks and the unit tests, which
// need nothing, run beside them at a lower CPU priority, so they fill the time the browser tests
// spend waiting instead of holding back the build that everything else waits for. Each step is
// an npm script of its own, so any one can be run alone. A step whose prerequisite failed is not
// started. At the end, whatever the outcome, no process started by the run may still be running
// (scripts/process-leaks.ts).
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { reapLeftProcesses, RUN_MARKER } from "./process-leaks.ts";

type Step = {
  script: string;
  /** Scripts that must have passed before this one starts. */
  after?: string[];
  /** Runs at a lower CPU priority: nothing waits for it. */
  background?: boolean;
};
type Result = { script: string; ms: number; code: number | null };

const steps: Step[] = [
  { script: "build" },
  // Both use the one built dist/ and start their own servers on their own ports.
  { script: "test:e2e", after: ["build"] },
  { script: "test:engines", after: ["build"] },
  { script: "typecheck", background: true },
  { script: "lint", background: true },
  { script: "format:check", background: true },
  { script: "test:unit", background: true },
];
// Lower than the browser tests', never idle-only: on a busy runner the checks still progress.
const BACKGROUND_NICENESS = 10;

const runId = `${process.pid}-${Date.now()}`;
const env = { ...process.env, [RUN_MARKER]: runId };

/** Runs `npm run <script>`; each line of its output carries the script's name. */
function run({ script, background }: Step): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Inherited by everything the step starts.
    if (background && child.pid) setPriority(child.pid, BACKGROUND_NICENESS);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let rest = "";
      stream.on("data", (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) out.write(`[${script}] ${line}\n`);
      });
      stream.on("end", () => rest && out.write(`[${script}] ${rest}\n`));
    }
    child.on("close", (code) => resolve({ script, code, ms: Date.now() - started }));
  });
}

const seconds = (ms = 0) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const results = new Map<string, Promise<Result | undefined>>();

/** Starts `step` once its prerequisites passed; undefined when one of them did not. */
function schedule(step: Step): Promise<Result | undefined> {
  const existing = results.get(step.script);
  if (existing) return existing;
  const promise = (async () => {
    const before = await Promise.all(
      (step.after ?? []).map((script) => {
        const prerequisite = steps.find((candidate) => candidate.script === script);
        if (!prerequisite) throw new Error(`${step.script} waits for an unknown step ${script}`);
        return schedule(prerequisite);
      }),
    );
    if (before.some((result) => result?.code !== 0)) return undefined;
    return run(step);
  })();
  results.set(step.script, promise);
  return promise;
}

let failed = false;
try {
  const done = await Promise.all(steps.map(schedule));
  console.log("\nnpm test:");
  for (const [index, result] of done.entries()) {
    const script = steps[index]?.script ?? "";
    if (!result) {
      failed = true;
      console.log(`  skipped ${script.padEnd(14)} (a step it needs failed)`);
      continue;
    }
    if (result.code !== 0) failed = true;
    console.log(
      `  ${result.code === 0 ? "passed" : "FAILED"}  ${script.padEnd(14)} ${seconds(result.ms)}`,
    );
  }
} finally {
  const left = await reapLeftProcesses(runId);
  console.log(`  total ${seconds(Date.now() - started)}`);
  if (left.length) {
    failed = true;
    console.error(
      "\nFAILED: these processes started by the tests were still running (now killed):",
    );
    for (const { pid, command } of left) console.error(`  ${pid} ${command}`);
  }
}
process.exitCode = failed ? 1 : 0;
