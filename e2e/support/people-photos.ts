// The operator's step of issue "real people on the page", done on a project copy: photos the
// tests draw (scripts/people-photos/sample-photos.ts) put in src/assets/people/ and named in
// src/content/people.ts for both instructors and all four students.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PEOPLE_PHOTO_DIR } from "../../scripts/people-photos/named-photos.ts";
import { type SamplePhoto, samplePhotos } from "../../scripts/people-photos/sample-photos.ts";

/** Which sample each person gets, in the order of people.ts: instructors, then students. */
export const photoFiles = {
  instructors: [
    { file: "instructor-phone.jpg", sample: "phoneWithGps" },
    { file: "instructor-cut-out.png", sample: "transparentPng" },
  ],
  students: [
    { file: "student-portrait.jpg", sample: "portrait" },
    { file: "student-landscape.jpg", sample: "landscape" },
    { file: "student.avif", sample: "avif" },
    // Smaller than twice the size shown: the build warns, and uses it.
    { file: "student-tiny.jpg", sample: "tiny" },
  ],
} as const satisfies Record<string, { file: string; sample: SamplePhoto }[]>;

/** Writes a sample into the copy's photo folder under `file`. */
export async function writeSamplePhoto(dir: string, file: string, sample: SamplePhoto) {
  await mkdir(path.join(dir, PEOPLE_PHOTO_DIR), { recursive: true });
  await writeFile(path.join(dir, PEOPLE_PHOTO_DIR, file), await samplePhotos[sample]());
}

/**
 * Gives each person of the copy's people.ts the photo `files` names (in order), as an operator
 * would: a `photo:` line after the instructor's `imageKey` or the student's `rating`.
 */
export async function namePhotos(
  dir: string,
  files: { instructors: readonly string[]; students: readonly string[] },
) {
  const file = path.join(dir, "src/content/people.ts");
  let text = await readFile(file, "utf8");
  const name = (pattern: RegExp, names: readonly string[]) => {
    let index = 0;
    text = text.replace(pattern, (line) => {
      const photo = names[index++];
      return photo === undefined ? line : `${line}\n    photo: ${JSON.stringify(photo)},`;
    });
    if (index < names.length) throw new Error(`people.ts has fewer people than ${names.length}`);
  };
  // Drop any photo lines the copy had, so the names given here are the only ones.
  text = text.replace(/\n\s*photo: "[^"]*",/g, "");
  name(/^ {4}imageKey: "[^"]*",$/gm, files.instructors);
  name(/^ {4}rating: \d+,$/gm, files.students);
  await writeFile(file, text);
}

/** Both instructors and all four students get a photo. */
export async function addPeoplePhotos(dir: string) {
  for (const { file, sample } of [...photoFiles.instructors, ...photoFiles.students])
    await writeSamplePhoto(dir, file, sample);
  await namePhotos(dir, {
    instructors: photoFiles.instructors.map(({ file }) => file),
    students: photoFiles.students.map(({ file }) => file),
  });
}
