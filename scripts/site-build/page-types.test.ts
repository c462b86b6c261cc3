import { describe, expect, it } from "vitest";
import { typeErrorLines } from "./page-types.ts";

describe("typeErrorLines", () => {
  it("turns each TypeScript error into one line naming the file and the place", () => {
    const output = [
      "src/content/program.ts(120,5): error TS2322: Type '\"databse\"' is not assignable to type 'IconName'.",
      "src/content/people.ts(9,5): error TS2353: Object literal may only specify known properties, and 'nmae' does not exist in type 'Instructor'.",
      "",
    ].join("\n");
    expect(typeErrorLines(output)).toEqual([
      "src/content/program.ts(120,5): Type '\"databse\"' is not assignable to type 'IconName'. (a type error in the site's code or content: fix it and build again)",
      "src/content/people.ts(9,5): Object literal may only specify known properties, and 'nmae' does not exist in type 'Instructor'. (a type error in the site's code or content: fix it and build again)",
    ]);
  });

  it("keeps nothing of a clean run", () => {
    expect(typeErrorLines("")).toEqual([]);
  });
});
