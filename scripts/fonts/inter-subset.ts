// What the self-hosted Inter always holds, whatever the content: the build adds the content's
// own characters (scripts/fonts/inter-font.ts).

/** Printable ASCII plus the typographic punctuation and symbols copy tends to use. */
export const interCharacters =
  Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join("") +
  "\u00a0©®°·×÷–—‘’‚“”„…•€£™→←↑↓";

export { interWeights } from "../../src/lib/inter-weights.ts";

/** The layout features browsers apply by default; the rest (stylistic sets …) are dropped. */
export const interFeatures = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk"];
