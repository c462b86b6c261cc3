// A throwaway copy of the project (its node_modules linked, not copied) for tests that edit the
// content as an operator would and then build or serve that copy.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const skipped = new Set(["node_modules", "dist", ".git", ".cache", ".outbox", "test-results"]);

export async function copyProject(): Promise<string> {
  const root = process.cwd();
  const dir = await mkdtemp(path.join(tmpdir(), "bootcamp-copy-"));
  await cp(root, dir, {
    recursive: true,
    filter: (source) => !skipped.has(path.relative(root, source).split(path.sep)[0] ?? ""),
  });
  await symlink(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

export const removeCopy = (dir: string) => rm(dir, { recursive: true, force: true });

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
  const { stdout } = await run(tsx, args, { cwd: dir, timeout, maxBuffer: 32 * 1024 * 1024 });
  return stdout;
}

/** A port no one listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
