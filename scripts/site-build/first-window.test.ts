import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_WINDOW, firstResponseBytes, firstWindowWarning } from "./first-window.ts";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "first-window-"));
  await writeFile(
    path.join(dir, "_headers"),
    "/*\n  X-Long: " + "a".repeat(500) + "\n/assets/*\n  X-Other: b\n",
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the page's first response", () => {
  it("counts the brotli body, the status line and the headers _headers gives /", async () => {
    // Random text: brotli takes it back to about the random bytes it was made of.
    await writeFile(path.join(dir, "index.html"), randomBytes(6000).toString("base64"));
    const bytes = await firstResponseBytes(dir);
    expect(bytes).toBeGreaterThan(6000 + 500);
    expect(bytes).toBeLessThan(6000 + 500 + 300);
    expect(firstWindowWarning(bytes)).toBeUndefined();
  });

  it("warns, naming the figure, when an operator's content takes it past the first window", async () => {
    await writeFile(path.join(dir, "index.html"), randomBytes(15_000).toString("base64"));
    const bytes = await firstResponseBytes(dir);
    expect(bytes).toBeGreaterThan(FIRST_WINDOW);
    expect(firstWindowWarning(bytes)).toContain(`${bytes.toLocaleString("en-US")} B`);
    expect(firstWindowWarning(bytes)).toContain("14,600 B");
  });
});
