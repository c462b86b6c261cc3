// Half of an import cycle, on purpose: scripts/eslint-layers.test.ts shows the lint refuses it.
import { b } from "./cycle-b.ts";

export const a = (): string => `a${b.length}`;
