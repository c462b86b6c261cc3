// `npm run build`: the client bundle, then the page rendered to HTML into dist/index.html.
// Usage: tsx scripts/build.ts [--outDir DIR]
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build } from "vite";
import { fillTemplate, type PageRenderer } from "../server/prerender.ts";
import { writeDerivedAssets } from "./derived-assets.ts";
import { loadDeployConfig, writeDeployFiles } from "./deploy-files.ts";
import { optimizePage } from "./optimize-page.ts";

const { values } = parseArgs({ options: { outDir: { type: "string", default: "dist" } } });
const root = process.cwd();
const outDir = path.resolve(root, values.outDir);
const ssrDir = path.join(outDir, ".ssr");

await build({ root, logLevel: "warn", build: { outDir, emptyOutDir: true } });
await build({
  root,
  logLevel: "warn",
  build: { ssr: "src/entry-server.tsx", outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
});

const page = (await import(
  pathToFileURL(path.join(ssrDir, "entry-server.js")).href
)) as PageRenderer;
const templatePath = path.join(outDir, "index.html");
await writeFile(templatePath, fillTemplate(await readFile(templatePath, "utf8"), page));
await rm(ssrDir, { recursive: true, force: true });
console.log(`Prerendered ${path.relative(root, templatePath)}`);
console.log(`Made ${(await writeDerivedAssets(root, outDir)).join(", ")} from the content`);
const styleHashes = await optimizePage(outDir);
const deployFiles = await writeDeployFiles(outDir, {
  ...(await loadDeployConfig(root)),
  styleHashes,
});
console.log(`Wrote ${deployFiles.join(", ")}`);
