// `npm run build`: resolves and checks the settings, then builds the site into a staging folder
// and swaps it in for dist/ only when complete; with --vercel, also Vercel's .vercel/output.
// Usage: tsx scripts/build.ts [--outDir DIR] [--vercel]
import path from "node:path";
import { parseArgs } from "node:util";
import { checkBuild, secretSettingErrors } from "./site-build/build-checks.ts";
import { checkPeoplePhotos } from "./people-photos/check-photos.ts";
import { namedPhotos } from "./people-photos/named-photos.ts";
import { loadBuildEnv, recaptchaSecretNames } from "./site-build/build-config.ts";
import { buildSite } from "./site-build/build-site.ts";
import { contentFacts } from "./site-build/content-facts.ts";
import { firstResponseBytes, firstWindowWarning } from "./site-build/first-window.ts";
import { checkPageTypes } from "./site-build/page-types.ts";
import { replaceDir } from "./site-build/replace-dir.ts";
import { writeVercelOutput } from "./site-build/vercel-output.ts";

const { values } = parseArgs({
  options: { outDir: { type: "string", default: "dist" }, vercel: { type: "boolean" } },
});
const root = process.cwd();
const outDir = path.resolve(root, values.outDir);
const shownDir = path.relative(root, outDir) || ".";
const started = performance.now();

const checked = checkBuild(loadBuildEnv(root), contentFacts());
// The photos the content names (src/assets/people/): each file there, an image, large enough.
const photos = await checkPeoplePhotos(root, namedPhotos());
const warnings = [...checked.warnings, ...photos.warnings];
const errors = [
  ...(checked.ok ? [] : checked.errors),
  ...secretSettingErrors(recaptchaSecretNames(root)),
  ...photos.errors,
];
// The page's types last, and only when the settings are right: a setting is the likelier mistake.
if (checked.ok && errors.length === 0) errors.push(...(await checkPageTypes(root)));
for (const warning of warnings) console.warn(`warning: ${warning}`);
if (!checked.ok || errors.length > 0) {
  for (const error of errors) console.error(`error: ${error}`);
  console.error(`Build stopped before writing anything; ${shownDir}/ is unchanged.`);
  process.exit(1);
}

try {
  let written: string[] = [];
  await replaceDir(outDir, async (staging) => {
    written = (await buildSite(root, staging, checked.config)).deployFiles;
  });
  if (values.vercel) written.push(path.relative(root, await writeVercelOutput(root, outDir)));
  const tooLong = firstWindowWarning(await firstResponseBytes(outDir));
  if (tooLong) warnings.push(tooLong);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Prerendered ${shownDir}/index.html, wrote ${written.join(", ")} (${seconds} s)`);
} catch (error) {
  console.error(error);
  console.error(`Build failed; ${shownDir}/ is unchanged.`);
  process.exit(1);
}

if (warnings.length > 0) {
  console.warn(`Built with ${warnings.length} warning${warnings.length === 1 ? "" : "s"}:`);
  for (const warning of warnings) console.warn(`  - ${warning}`);
}
