// The builds the benchmark measures: this checkout as it is now, and optionally a git ref
// unpacked into a temporary folder that borrows this checkout's node_modules.
import { spawn } from "node:child_process";
import { copyFile, mkdir, symlink } from "node:fs/promises";
import path from "node:path";

/** Builds the working tree into outDir with the project's own build; `env` wins over `.env`. */
export async function buildWorkingTree(
  root: string,
  outDir: string,
  env: Record<string, string> = {},
): Promise<string> {
  const args = ["--import", "tsx", "scripts/build.ts", "--outDir", outDir];
  await run(process.execPath, args, root, { ...process.env, ...env });
  return outDir;
}

/**
 * Unpacks `ref` (git archive) into checkoutDir, links node_modules and any .env from root, and
 * runs that version's own `npm run build`. Returns the folder it built (checkoutDir/dist).
 */
export async function buildGitRef(root: string, ref: string, checkoutDir: string): Promise<string> {
  await mkdir(checkoutDir, { recursive: true });
  await run("sh", ["-c", 'git archive --format=tar "$0" | tar -x -C "$1"', ref, checkoutDir], root);
  await symlink(path.join(root, "node_modules"), path.join(checkoutDir, "node_modules"), "dir");
  for (const env of [".env", ".env.local"]) {
    await copyFile(path.join(root, env), path.join(checkoutDir, env)).catch(() => undefined);
  }
  await run("npm", ["run", "build", "--silent"], checkoutDir);
  return path.join(checkoutDir, "dist");
}

/** Resolves a ref to its short commit id, and fails early on a ref git does not know. */
export async function describeRef(root: string, ref: string): Promise<string> {
  return (await run("git", ["rev-parse", "--short", "--verify", `${ref}^{commit}`], root)).trim();
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${command} ${args.join(" ")} failed (${code}):\n${err || out}`)),
    );
  });
}
