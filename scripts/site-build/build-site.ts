// The site into one folder: the client bundle, the server bundle to prerender the page with, the
// page's optimisation passes, and the files a static host reads. Every step gets the same
// resolved configuration (scripts/site-build/build-config.ts).
import { copyFile, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type InlineConfig, type Manifest } from "vite";
import { fillTemplate, type PageRenderer } from "../../server/prerender.ts";
import { crossOriginOf } from "../../server/security-headers.ts";
import { escapeHtml } from "../../src/lib/escape-html.ts";
import { writeDeployFiles } from "../deploy-files.ts";
import { writeDerivedAssets } from "../derived-assets.ts";
import { buildFirstPaintScript } from "../first-paint-script.ts";
import { optimizePage } from "../optimize-page.ts";
import { BUILD_MODE, viteDefines, type BuildConfig } from "./build-config.ts";
import { precompress } from "./precompress.ts";

const MANIFEST = ".vite/manifest.json";
/** The loader's import (a facade, src/islands-entry.ts) and the islands' code it imports. */
const ISLANDS_ENTRY = "src/islands-entry.ts";
const ISLANDS_CODE = "src/entry-client.tsx";
/**
 * What a registration sends with: an input of its own, so that it shares modules with the islands'
 * code through a chunk of their own and never imports React (scripts/optimize-page.ts).
 */
const SENDER_ENTRY = "src/registration/registration-sender.ts";

/** Chromium compiles every function of a file that starts with it as the file loads. */
const COMPILE_ALL_HINT = "//# allFunctionsCalledOnLoad";

/** The server bundle's assets (not its code) into the site; the same name is the same file. */
async function copyServerOnlyAssets(from: string, to: string): Promise<void> {
  const names = await readdir(from).catch(() => []);
  for (const name of names.filter((file) => !/\.(js|mjs|map)$/.test(file))) {
    await copyFile(path.join(from, name), path.join(to, name));
  }
}

export async function buildSite(root: string, outDir: string, config: BuildConfig) {
  const ssrDir = path.join(outDir, ".ssr");
  // envDir: false — the bundles read no .env of their own: every value comes from `config`.
  const shared: InlineConfig = {
    root,
    mode: BUILD_MODE,
    logLevel: "warn",
    envDir: false,
    define: viteDefines(config),
  };
  // The islands' entry is an input of its own, imported by URL by the loader (src/loader.ts);
  // the manifest tells the build its files, and is not deployed.
  await build({
    ...shared,
    build: {
      outDir,
      emptyOutDir: true,
      manifest: MANIFEST,
      rollupOptions: {
        input: {
          index: path.join(root, "index.html"),
          islands: path.join(root, ISLANDS_ENTRY),
          "islands-code": path.join(root, ISLANDS_CODE),
          "registration-sender": path.join(root, SENDER_ENTRY),
        },
        output: {
          // V8 compiles the sender's functions as the file arrives at the form's first touch,
          // not one by one inside Register Now's press (Chromium's explicit compile hints).
          postBanner: (chunk) => (chunk.name === "registration-sender" ? COMPILE_ALL_HINT : ""),
        },
      },
    },
  });
  await build({
    ...shared,
    build: {
      ssr: "src/entry-server.tsx",
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      // Files only the prerendered markup names (the social icons' sprite) are not in the client
      // bundle: the server bundle emits them, under the same hashed names, and they join dist/.
      ssrEmitAssets: true,
    },
  });
  await copyServerOnlyAssets(path.join(ssrDir, "assets"), path.join(outDir, "assets"));

  const page = (await import(
    pathToFileURL(path.join(ssrDir, "entry-server.js")).href
  )) as PageRenderer;
  const templatePath = path.join(outDir, "index.html");
  const html = fillTemplate(await readFile(templatePath, "utf8"), page);
  // The prerendered page and the deploy files below must name the same site.
  const canonical = html.match(/<link[^>]*\brel="canonical"[^>]*>/)?.[0] ?? "";
  if (!canonical.includes(`href="${escapeHtml(config.siteUrl)}"`)) {
    throw new Error(`The prerendered page does not point at ${config.siteUrl}`);
  }
  await writeFile(templatePath, html);
  await rm(ssrDir, { recursive: true, force: true });
  const derivedFiles = await writeDerivedAssets(root, outDir);
  const manifestPath = path.join(outDir, MANIFEST);
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Manifest;
  await rm(path.dirname(manifestPath), { recursive: true, force: true });
  const { styleHashes, scriptHashes } = await optimizePage(outDir, {
    firstPaint: await buildFirstPaintScript(root),
    manifest,
    islandsEntry: ISLANDS_ENTRY,
    islandsCode: ISLANDS_CODE,
    pageEntry: "index.html",
    senderEntry: SENDER_ENTRY,
    emailOrigin: crossOriginOf(config.email.origin),
  });
  const deployFiles = await writeDeployFiles(outDir, {
    siteUrl: config.siteUrl,
    emailOrigin: config.email.origin,
    styleHashes,
    scriptHashes,
    recaptcha: config.recaptchaSiteKey !== undefined,
  });
  await precompress(outDir);
  return { deployFiles: [...derivedFiles, ...deployFiles] };
}
