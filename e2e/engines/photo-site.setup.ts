// Once for both engines: the project copy with photos of everyone and a reCAPTCHA key
// (e2e/support/photo-site.ts), built as an operator builds it. Each engine serves its dist/ for
// the photo journeys (journeys-photos.ts).
import path from "node:path";
import type { TestProject } from "vitest/node";
import { photoSite } from "../support/photo-site.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dist/ of the build with photos. */
    photoDist: string;
  }
}

export default async function setup(project: TestProject) {
  const site = await photoSite();
  if (site.code !== 0) {
    await site.release();
    throw new Error(`The build with photos failed (${site.code}):\n${site.output}`);
  }
  project.provide("photoDist", path.join(site.copy.dir, "dist"));
  return () => site.release();
}
