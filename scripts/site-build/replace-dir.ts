// A build never leaves a half-written folder behind: it writes into a staging folder beside the
// target and swaps it in only once complete. On failure the previous folder stays as it was.
import { existsSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

/** The staging and retired folders of `target`: hidden siblings, so on the same file system. */
export function siblingsOf(target: string, tag = String(process.pid)) {
  const parent = path.dirname(target);
  const name = path.basename(target);
  return {
    staging: path.join(parent, `.${name}.partial-${tag}`),
    retired: path.join(parent, `.${name}.old-${tag}`),
  };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Removes what an interrupted build (Ctrl-C) left beside `target`; a running build's stays. */
export async function removeLeftovers(target: string): Promise<void> {
  const parent = path.dirname(target);
  const pattern = new RegExp(
    `^\\.${path.basename(target).replace(/\W/g, "\\$&")}\\.(?:partial|old)-(\\d+)$`,
  );
  const names = await readdir(parent).catch(() => []);
  for (const name of names) {
    const pid = Number(name.match(pattern)?.[1] ?? NaN);
    if (Number.isInteger(pid) && !isRunning(pid)) {
      await rm(path.join(parent, name), { recursive: true, force: true });
    }
  }
}

/** Runs `write(staging)`, then replaces `target` with what it wrote. */
export async function replaceDir(
  target: string,
  write: (staging: string) => Promise<void>,
): Promise<void> {
  const { staging, retired } = siblingsOf(target);
  await removeLeftovers(target);
  await rm(staging, { recursive: true, force: true });
  try {
    await write(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadTarget = existsSync(target);
  if (hadTarget) await rename(target, retired);
  try {
    await rename(staging, target);
  } catch (error) {
    if (hadTarget) await rename(retired, target);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (hadTarget) await rm(retired, { recursive: true, force: true });
}
