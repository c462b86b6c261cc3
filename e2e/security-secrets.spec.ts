// Only the EmailJS public key (with the service and template ids every EmailJS request carries)
// may reach the browser. The site's build with marked values in the environment proves which
// ones end up in the files a visitor downloads.
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { loadBuildEnv, resolveBuildConfig } from "../scripts/site-build/build-config.ts";
import { buildSite } from "../scripts/site-build/build-site.ts";

const canaries = {
  VITE_EMAILJS_PUBLIC_KEY: "canary-public-key-7f3a",
  // EmailJS's private access token must never be needed by, or shipped to, the browser.
  EMAILJS_PRIVATE_KEY: "canary-private-key-5e6f",
  // A VITE_ variable the code never reads is not inlined either: no one reads import.meta.env whole.
  VITE_UNUSED_SECRET: "canary-unused-vite-8a8b",
  DATABASE_PASSWORD: "canary-server-secret-1c2d",
} as const;

test("the browser's JavaScript holds the public key and no other secret", async () => {
  test.setTimeout(120_000);
  const outDir = path.resolve(".cache", `secrets-build-${process.pid}`);
  // The build's own path: the settings resolved once, as `npm run build` does, with the canaries
  // in the shell.
  const root = process.cwd();
  await buildSite(
    root,
    outDir,
    resolveBuildConfig(loadBuildEnv(root, { ...process.env, ...canaries })),
  );
  try {
    const files = (await readdir(outDir, { recursive: true })).filter((file) =>
      /\.(js|html|css)$/.test(file),
    );
    const shipped = (
      await Promise.all(files.map((file) => readFile(path.join(outDir, file), "utf8")))
    ).join("\n");
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    expect(shipped).toContain(canaries.VITE_EMAILJS_PUBLIC_KEY);
    expect(shipped).not.toContain(canaries.EMAILJS_PRIVATE_KEY);
    expect(shipped).not.toContain(canaries.VITE_UNUSED_SECRET);
    expect(shipped).not.toContain(canaries.DATABASE_PASSWORD);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
});
