// What the self-hosted Inter holds, shared by the script that makes it and the test that checks
// the page never asks it for a character it lacks (such a character would show in the fallback).

/** Printable ASCII plus the typographic punctuation and symbols copy tends to use. */
export const interCharacters =
  Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join("") +
  "\u00a0©®°·×÷–—‘’‚“”„…•€£™→←↑↓";

export { interWeights } from "../../src/lib/inter-weights.ts";

/** The layout features browsers apply by default; the rest (stylistic sets …) are dropped. */
export const interFeatures = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk"];

export const interFile = "src/assets/fonts/inter-subset.woff2";
