import { describe, expect, it } from "vitest";
import { capitalize, numberWord } from "./number-words.ts";

describe("numberWord", () => {
  it("writes small counts as words", () => {
    expect(numberWord(6)).toBe("six");
    expect(numberWord(7)).toBe("seven");
    expect(numberWord(12)).toBe("twelve");
    expect(numberWord(20)).toBe("twenty");
    expect(numberWord(24)).toBe("twenty-four");
  });

  it("leaves 100 and above as digits and refuses what is not a count", () => {
    expect(numberWord(104)).toBe("104");
    expect(() => numberWord(-1)).toThrow();
    expect(() => numberWord(1.5)).toThrow();
  });
});

describe("capitalize", () => {
  it("starts a sentence", () => {
    expect(capitalize("twelve weeks")).toBe("Twelve weeks");
    expect(capitalize("")).toBe("");
  });
});
