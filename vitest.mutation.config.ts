// `npm run test:mutation` (stryker.config.mjs): the unit tests' own settings, with a limit per test
// short enough that a mutant leaving a test waiting for good fails that test. Left to Stryker's
// own timeout, each such mutant costs a restart of the worker. The model test sets its own limit.
import { mergeConfig } from "vitest/config";
import base from "./vite.config.ts";

export default mergeConfig(base, { test: { testTimeout: 4000 } });
