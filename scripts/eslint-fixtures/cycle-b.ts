// The other half of the cycle (see cycle-a.ts).
import { a } from "./cycle-a.ts";

export const b = (): string => `b${a.length}`;
