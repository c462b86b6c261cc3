// Mutation testing of the registration's send path (docs/testing.md#mutation-testing): `npm run
// test:mutation`, never part of `npm test`.
import process from "node:process";

// The model test draws its cases from a fixed seed here, so the score repeats from run to run.
process.env.MODEL_SEED ??= "43";
process.env.MODEL_RUNS ??= "300";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  coverageAnalysis: "perTest",
  mutate: [
    "src/registration/{ledger,lead-sender,lead-store,registration-sender,email-delivery,recaptcha-tokens}.ts",
  ],
  testFiles: ["src/registration/*.test.ts"],
  // Two cores, shared with the machine's other work.
  concurrency: 2,
  // Beyond the model test's time under a busy machine's load, so that a slow run is not counted as
  // a mutant detected (the default, 5 s over the run's time, was passed once at a load of 10).
  timeoutMS: 10_000,
  reporters: ["clear-text", "progress", "html", "json"],
  thresholds: { high: 90, low: 85, break: null },
};
