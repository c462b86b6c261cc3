import { describe, expect, it } from "vitest";
import { initials } from "./avatar.tsx";

describe("initials", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initials("Priya Raman")).toBe("PR");
    expect(initials("Mary Ann van der Berg")).toBe("MB");
  });

  it("uses one letter for a single name and upper-cases it", () => {
    expect(initials("daniel")).toBe("D");
  });

  it("ignores surrounding and repeated spaces", () => {
    expect(initials("  Emily   Chen ")).toBe("EC");
  });

  it("keeps a letter outside the basic plane whole", () => {
    expect(initials("𝒜da Lovelace")).toBe("𝒜L");
  });

  it("gives nothing for an empty name", () => {
    expect(initials("   ")).toBe("");
  });
});
