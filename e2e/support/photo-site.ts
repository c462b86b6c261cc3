// The project copy with a photo for both instructors and all four students (people-photos.ts)
// and a reCAPTCHA site key in its .env, built as an operator builds it: the people-photos and the
// recaptcha specs and the engines' photo journeys visit it. One build serves both operator
// settings because a build is the suite's dearest step; neither changes what the other checks
// (the key changes nothing before the visitor touches the form).
// Under `npm test` the two runners share one build (about 5 s of CPU): whichever asks first builds
// it in the run's folder (scripts/process-leaks.ts), the other waits for its result, and `npm test`
// removes the folder at the end. Run on its own, each runner builds a copy of its own.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { RUN_MARKER, runFolder } from "../../scripts/process-leaks.ts";
import { addPeoplePhotos } from "./people-photos.ts";
import { STAND_IN_SITE_KEY } from "./recaptcha-stand-in.ts";
import { copyProject, projectCopyAt, type ProjectCopy } from "./project-copy.ts";

export type PhotoSite = {
  copy: ProjectCopy;
  /** The build's exit code and everything it printed. */
  code: number | null;
  output: string;
  /** Removes the copy, unless `npm test` shares it (it removes it itself). */
  release: () => Promise<void>;
};

type BuildResult = { dir: string; code: number | null; output: string };

/** How long the second runner waits for the first's build (a slowed runner took a minute). */
const WAIT_FOR_BUILD_MS = 300_000;

async function buildPhotoSite(parent?: string): Promise<BuildResult> {
  const copy = await copyProject(process.cwd(), parent);
  await addPeoplePhotos(copy.dir);
  await copy.writeEnv({ VITE_RECAPTCHA_SITE_KEY: STAND_IN_SITE_KEY });
  return { dir: copy.dir, ...(await copy.build()) };
}

async function waitForResult(file: string): Promise<BuildResult> {
  const deadline = Date.now() + WAIT_FOR_BUILD_MS;
  while (Date.now() < deadline) {
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text) return JSON.parse(text) as BuildResult;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The other test runner's photo site build did not end in ${WAIT_FOR_BUILD_MS} ms`,
  );
}

export async function photoSite(): Promise<PhotoSite> {
  const runId = process.env[RUN_MARKER];
  if (!runId) {
    const { dir, code, output } = await buildPhotoSite();
    const copy = projectCopyAt(dir);
    return { copy, code, output, release: () => copy.remove() };
  }
  const folder = runFolder(runId);
  const resultFile = path.join(folder, "photo-site.json");
  await mkdir(folder, { recursive: true });
  let result: BuildResult;
  try {
    // Creating a folder is atomic: exactly one runner gets to build.
    await mkdir(path.join(folder, "photo-site.lock"));
  } catch {
    result = await waitForResult(resultFile);
    return { copy: projectCopyAt(result.dir), ...result, release: async () => undefined };
  }
  try {
    result = await buildPhotoSite(folder);
  } catch (error) {
    // The waiting runner learns of the failure at once instead of waiting out its limit.
    result = { dir: folder, code: null, output: String(error) };
  }
  await writeFile(`${resultFile}.partial`, JSON.stringify(result));
  await rename(`${resultFile}.partial`, resultFile);
  return { copy: projectCopyAt(result.dir), ...result, release: async () => undefined };
}
