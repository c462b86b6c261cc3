// `npm test`: every check, each step started as soon as what it needs is done. The build runs
// first and alone (everything but the checks waits for it); then the browser tests, the checks
// and the unit tests run side by side, sharing the cores fairly: on a 2-core runner the browser
// tests alone leave a core idle while they wait on their pages. (Run beside the build at a low
// priority instead, the checks were starved: on a runner 3× slower, a unit test's 60 s setup did
// not get the CPU to finish.) Each step is an npm script of its own, so any one can be run alone.
// A browser test is not started when the build failed. At the end, whatever the outcome, no process
// started by the run may still be running (scripts/process-leaks.ts), and the folder its steps
// shared builds in (the photo site, e2e/support/photo-site.ts) is removed.
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { stripVTControlCharacters } from "node:util";
import { reapLeftProcesses, RUN_MARKER, runFolder } from "./process-leaks.ts";

type Step = {
  script: string;
  /** Scripts that must have passed before this one starts: it is skipped if one failed. */
  needs?: string[];
  /** Scripts that must have ended, passed or not, before this one starts. */
  after?: string[];
};
type Result = { script: string; ms: number; code: number | null; errors: string[] };

/**
 * Lines that say why a step failed, repeated under the summary: the steps' outputs interleave,
 * and a log cut to its end shows only the summary.
 */
const ERROR_LINE = /\b(Error|FAIL|failed|Timed out)\b|✘|×/;
const ERRORS_KEPT = 12;

const steps: Step[] = [
  { script: "build" },
  // Both use the one built dist/ and start their own servers on their own ports.
  { script: "test:e2e", needs: ["build"] },
  { script: "test:engines", needs: ["build"] },
  // They need nothing, but start once the build has ended so as not to hold it back.
  { script: "typecheck", after: ["build"] },
  { script: "lint", after: ["build"] },
  { script: "format:check", after: ["build"] },
  { script: "check:links", after: ["build"] },
  { script: "test:unit", after: ["build"] },
];

const runId = `${process.pid}-${Date.now()}`;
const env = { ...process.env, [RUN_MARKER]: runId };

/** Runs `npm run <script>`; each line of its output carries the script's name. */
function run({ script }: Step): Promise<Result> {
  const started = Date.now();
  const errors: string[] = [];
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let rest = "";
      stream.on("data", (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) {
          out.write(`[${script}] ${line}\n`);
          const plain = stripVTControlCharacters(line).trim();
          if (ERROR_LINE.test(plain) && errors.length < ERRORS_KEPT)
            errors.push(plain.slice(0, 300));
        }
      });
      stream.on("end", () => rest && out.write(`[${script}] ${rest}\n`));
    }
    child.on("close", (code) => resolve({ script, code, errors, ms: Date.now() - started }));
  });
}

const seconds = (ms = 0) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const results = new Map<string, Promise<Result | undefined>>();

/** Starts `step` once its prerequisites ended; undefined when one it needs did not pass. */
function schedule(step: Step): Promise<Result | undefined> {
  const existing = results.get(step.script);
  if (existing) return existing;
  const promise = (async () => {
    const ended = (scripts: string[] = []) =>
      Promise.all(
        scripts.map((script) => {
          const prerequisite = steps.find((candidate) => candidate.script === script);
          if (!prerequisite) throw new Error(`${step.script} waits for an unknown step ${script}`);
          return schedule(prerequisite);
        }),
      );
    const [needed] = await Promise.all([ended(step.needs), ended(step.after)]);
    if (needed.some((result) => result?.code !== 0)) return undefined;
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
    if (result.code !== 0) for (const line of result.errors) console.log(`      ${line}`);
  }
} finally {
  const left = await reapLeftProcesses(runId);
  await rm(runFolder(runId), { recursive: true, force: true });
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
