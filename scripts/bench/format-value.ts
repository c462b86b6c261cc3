import type { Unit } from "./figures.ts";

/** A figure as a person reads it: seconds for paints, KB (1000 bytes) and MB for sizes. */
export function formatValue(unit: Unit, value: number): string {
  switch (unit) {
    case "score":
    case "count":
      return String(Math.round(value));
    case "seconds":
      return `${(value / 1000).toFixed(2)} s`;
    case "ms":
      return `${Math.round(value)} ms`;
    case "shift":
      return value.toFixed(3);
    case "ratio":
      return `${value.toFixed(2)}×`;
    case "bytes":
      return value >= 1_000_000
        ? `${(value / 1_000_000).toFixed(2)} MB`
        : `${(value / 1000).toFixed(1)} KB`;
  }
}
