// The build's command line: a bad setting stops it with one line per problem and exit code 1,
// before anything is written. (A failure later in the build: e2e/deploy-rehearsal.spec.ts.)
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";

const buildScript = path.resolve("scripts/build.ts");
// The build runs in a folder of its own, which has no node_modules to find tsx in.
const tsxLoader = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;
let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "build-cli-"));
  await mkdir(path.join(root, "dist"));
  await writeFile(path.join(root, "dist", "index.html"), "the previous build");
});
afterEach(() => rm(root, { recursive: true, force: true }));

// Each test starts Node with tsx, which takes seconds on a busy machine.
const STARTUP_TIMEOUT = 60_000;

/** Runs the build in `root` with only PATH from the shell: its settings come from `root`/.env. */
function runBuild(shell: Record<string, string> = {}) {
  return spawnSync(process.execPath, ["--import", tsxLoader, buildScript], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...shell },
    encoding: "utf8",
    timeout: 60_000,
  });
}

it(
  "stops on bad settings in .env, one line each, and leaves dist/ as it was",
  async () => {
    await writeFile(
      path.join(root, ".env"),
      [
        "VITE_EMAILJS_PUBLIC_KEY=pk",
        "VITE_EMAILJS_ORIGIN=http://mail.school.test",
        "VITE_ADMIN_EMAIL=desk",
        "VITE_SITE_URL=school.test",
      ].join("\n"),
    );
    const result = runBuild();
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      "error: VITE_EMAILJS_SERVICE_ID and VITE_EMAILJS_TEMPLATE_ID are not set: set all three EmailJS keys, or none of them for the local outbox.",
      'error: VITE_EMAILJS_ORIGIN must be an absolute https:// URL (http:// only for localhost), got "http://mail.school.test".',
      'error: VITE_ADMIN_EMAIL must be an email address, got "desk".',
      'error: VITE_SITE_URL must be an absolute URL, got "school.test".',
      "Build stopped before writing anything; dist/ is unchanged.",
    ]);
    expect(result.stdout).toBe("");
    expect(await readFile(path.join(root, "dist", "index.html"), "utf8")).toBe(
      "the previous build",
    );
  },
  STARTUP_TIMEOUT,
);

it(
  "takes the shell's value over the .env file's",
  async () => {
    await writeFile(path.join(root, ".env"), "VITE_ADMIN_EMAIL=desk@school.test\n");
    const result = runBuild({ VITE_ADMIN_EMAIL: "not-an-address" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'VITE_ADMIN_EMAIL must be an email address, got "not-an-address".',
    );
  },
  STARTUP_TIMEOUT,
);
