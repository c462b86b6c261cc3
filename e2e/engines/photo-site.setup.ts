// Once for both engines: a copy of the project with a photo for both instructors and all
// four students (e2e/support/people-photos.ts), built as an operator builds it. Each engine
// serves its dist/ for the photo journeys (journeys-photos.ts); the copy goes at the end.
import path from "node:path";
import type { TestProject } from "vitest/node";
import { addPeoplePhotos } from "../support/people-photos.ts";
import { copyProject } from "../support/project-copy.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dist/ of the build with photos. */
    photoDist: string;
  }
}

export default async function setup(project: TestProject) {
  const copy = await copyProject();
  try {
    await addPeoplePhotos(copy.dir);
    const { code, output } = await copy.build();
    if (code !== 0) throw new Error(`The build with photos failed (${code}):\n${output}`);
  } catch (error) {
    await copy.remove();
    throw error;
  }
  project.provide("photoDist", path.join(copy.dir, "dist"));
  return () => copy.remove();
}
