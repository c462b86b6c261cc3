// A copy of this project in a temporary folder, as an operator's checkout would be: the sources
// and configs, node_modules linked, no build output and no settings but the ones a test writes.
// Tests edit its content or settings as an operator would, then build or serve the copy.
import { execFile, spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { RUN_MARKER } from "../../scripts/process-leaks.ts";

// What a checkout of the repository does not hold, or holds only on this machine.
const LEFT_OUT = new Set([
  "node_modules",
  "dist",
  ".git",
  ".cache",
  ".outbox",
  "test-results",
  "playwright-report",
  "bench-results",
]);
const isLocalOnly = (name: string) =>
  LEFT_OUT.has(name) ||
  (name.startsWith(".env") && name !== ".env.example") ||
  /^\..+\.(partial|old)-/.test(name);

export type ProjectCopy = {
  dir: string;
  writeEnv: (settings: Record<string, string>) => Promise<void>;
  /**
   * `npm run build` with a clean environment: PATH and HOME only, no VITE_* variables, and the
   * `shell` variables if given.
   */
  build: (shell?: Record<string, string>) => Promise<{ code: number | null; output: string }>;
  remove: () => Promise<void>;
};

/** A copy of the project at `root` in a new folder inside `parent`. */
export async function copyProject(root = process.cwd(), parent = tmpdir()): Promise<ProjectCopy> {
  const dir = await mkdtemp(path.join(parent, "bootcamp-rehearsal-"));
  await cp(root, dir, {
    recursive: true,
    filter: (source) => {
      const [first = ""] = path.relative(root, source).split(path.sep);
      return !isLocalOnly(first);
    },
  });
  await symlink(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return projectCopyAt(dir);
}

/** The copy in `dir`, made by copyProject (in another process, say). */
export function projectCopyAt(dir: string): ProjectCopy {
  return {
    dir,
    writeEnv: (settings) =>
      writeFile(
        path.join(dir, ".env"),
        Object.entries(settings)
          .map(([name, value]) => `${name}=${value}\n`)
          .join(""),
      ),
    build: (shell = {}) =>
      new Promise((resolve, reject) => {
        const child = spawn("npm", ["run", "build", "--silent"], {
          cwd: dir,
          env: {
            ...shell,
            PATH: process.env.PATH ?? "",
            HOME: process.env.HOME ?? dir,
            // The mark of `npm test`'s processes, so the run can tell if this one outlived it.
            ...(process.env[RUN_MARKER] ? { [RUN_MARKER]: process.env[RUN_MARKER] } : {}),
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, output }));
      }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Replaces the first match of each `from` (which must be there) with its `to` in the copy. */
export async function editFile(dir: string, file: string, edits: [string | RegExp, string][]) {
  const target = path.join(dir, file);
  let text = await readFile(target, "utf8");
  for (const [from, to] of edits) {
    const found = typeof from === "string" ? text.includes(from) : from.test(text);
    if (!found) throw new Error(`${file} has no ${String(from)}`);
    text = text.replace(from, to);
  }
  await writeFile(target, text);
}

/** Runs a TypeScript file of the copy with tsx and returns what it printed. */
export async function runInCopy(dir: string, args: string[], timeout = 180_000) {
  const tsx = path.join(dir, "node_modules", ".bin", "tsx");
  const { stdout } = await promisify(execFile)(tsx, args, {
    cwd: dir,
    timeout,
    maxBuffer: 32 * 1024 * 1024,
  });
  return stdout;
}
