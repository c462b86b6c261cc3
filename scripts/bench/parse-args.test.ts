import { describe, expect, it } from "vitest";
import { parseBenchArgs } from "./parse-args.ts";

describe("parseBenchArgs", () => {
  it("defaults to five runs of three loads on free ports with reports in bench-results", () => {
    expect(parseBenchArgs([])).toEqual({
      runs: 5,
      loads: 3,
      against: undefined,
      port: 0,
      outDir: "bench-results",
      help: false,
    });
  });

  it("reads the run count, the ref to compare against, the port and the output folder", () => {
    const options = parseBenchArgs(["--runs", "3", "--against", "HEAD~2", "--port=4600"]);
    expect(options).toMatchObject({ runs: 3, loads: 3, against: "HEAD~2", port: 4600 });
    expect(parseBenchArgs(["--loads", "1"]).loads).toBe(1);
    expect(parseBenchArgs(["--out", "tmp/bench"]).outDir).toBe("tmp/bench");
  });

  it("rejects a run or load count that is not a whole number of at least one", () => {
    expect(() => parseBenchArgs(["--runs", "0"])).toThrow(/--runs/);
    expect(() => parseBenchArgs(["--runs", "two"])).toThrow(/--runs/);
    expect(() => parseBenchArgs(["--loads", "1.5"])).toThrow(/--loads/);
  });

  it("rejects an empty ref and unknown options", () => {
    expect(() => parseBenchArgs(["--against", " "])).toThrow(/git ref/);
    expect(() => parseBenchArgs(["--fast"])).toThrow();
  });
});
