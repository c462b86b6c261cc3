// `npm test`: every check, in stages; the steps of a stage run side by side where they do not
// depend on each other (a 2-core runner is mostly waiting on browsers, not computing). Each step
// is an npm script of its own, so any one can be run alone. At the end, whatever the outcome,
// no process started by the run may still be running (scripts/process-leaks.ts).
import { spawn } from "node:child_process";
import { reapLeftProcesses, RUN_MARKER } from "./process-leaks.ts";

type Step = { script: string; ms?: number; code?: number | null };

const stages: string[][] = [
  // Independent of each other: the build does not need the checks, nor they the build, and the
  // unit tests need neither (the build's own tests build into folders of their own).
  ["typecheck", "lint", "format:check", "build", "test:unit"],
  // Both use the one built dist/ and start their own servers on their own ports.
  ["test:e2e", "test:engines"],
];

const runId = `${process.pid}-${Date.now()}`;
const env = { ...process.env, [RUN_MARKER]: runId };

/** Runs `npm run <script>`; beside others, each line of its output carries the script's name. */
function run(step: Step, alone: boolean): Promise<Step> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", step.script], {
      env,
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    if (!alone) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        let rest = "";
        stream?.on("data", (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) out.write(`[${step.script}] ${line}\n`);
        });
        stream?.on("end", () => rest && out.write(`[${step.script}] ${rest}\n`));
      }
    }
    child.on("close", (code) => resolve({ ...step, code, ms: Date.now() - started }));
  });
}

const seconds = (ms = 0) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const done: Step[] = [];
let failed = false;
try {
  for (const stage of stages) {
    const results = await Promise.all(stage.map((script) => run({ script }, stage.length === 1)));
    done.push(...results);
    if (results.some(({ code }) => code !== 0)) {
      failed = true;
      break;
    }
  }
} finally {
  const left = await reapLeftProcesses(runId);
  console.log("\nnpm test:");
  for (const { script, ms, code } of done)
    console.log(`  ${code === 0 ? "passed" : "FAILED"}  ${script.padEnd(14)} ${seconds(ms)}`);
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
