import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeLeftovers, replaceDir, siblingsOf } from "./replace-dir.ts";

let parent: string;
let target: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(tmpdir(), "replace-dir-"));
  target = path.join(parent, "dist");
  await mkdir(path.join(target, "assets"), { recursive: true });
  await writeFile(path.join(target, "index.html"), "previous page");
  await writeFile(path.join(target, "assets", "app.js"), "previous script");
});
afterEach(() => rm(parent, { recursive: true, force: true }));

/** Every file under `dir` with its bytes, to compare two states of a folder exactly. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  const entries = files
    .filter((file) => file.isFile())
    .map(async (file) => {
      const full = path.join(file.parentPath, file.name);
      return [path.relative(dir, full), (await readFile(full)).toString("base64")] as const;
    });
  return Object.fromEntries(await Promise.all(entries));
}

describe("replaceDir", () => {
  it("swaps in the new folder only once it is complete", async () => {
    await replaceDir(target, async (staging) => {
      expect(staging).toBe(siblingsOf(target).staging);
      expect(await readFile(path.join(target, "index.html"), "utf8")).toBe("previous page");
      await mkdir(staging, { recursive: true });
      await writeFile(path.join(staging, "index.html"), "new page");
    });
    expect(await snapshot(target)).toEqual({
      "index.html": Buffer.from("new page").toString("base64"),
    });
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("leaves the previous folder byte for byte as it was when the build fails", async () => {
    const before = await snapshot(target);
    await expect(
      replaceDir(target, async (staging) => {
        await mkdir(path.join(staging, "assets"), { recursive: true });
        await writeFile(path.join(staging, "assets", "half.js"), "half");
        throw new Error("prerender failed");
      }),
    ).rejects.toThrow("prerender failed");
    expect(await snapshot(target)).toEqual(before);
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("creates the folder on a first build", async () => {
    await rm(target, { recursive: true });
    await replaceDir(target, async (staging) => {
      await mkdir(staging);
      await writeFile(path.join(staging, "index.html"), "first");
    });
    expect(existsSync(path.join(target, "index.html"))).toBe(true);
  });

  it("clears what an interrupted build left, not what a running one is writing", async () => {
    // A process id no process has (beyond Linux's pid_max), and this process's own.
    const gone = siblingsOf(target, "4194305");
    const running = siblingsOf(target, String(process.pid));
    for (const dir of [gone.staging, gone.retired, running.staging]) await mkdir(dir);
    await removeLeftovers(target);
    expect((await readdir(parent)).sort()).toEqual([path.basename(running.staging), "dist"].sort());
  });
});
