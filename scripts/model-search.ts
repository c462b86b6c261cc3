// `npm run test:model -- --runs 200000`: the ledger's model test with a new random seed and as
// many runs as asked (`npm test` runs 2,500 with a fixed seed). A failure prints its seed and path.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "200000" } } });
const { status } = spawnSync(
  "npx",
  ["vitest", "run", "src/registration/lead-sender.model.test.ts", "--testTimeout", "0"],
  { stdio: "inherit", env: { ...process.env, MODEL_RANDOM: "1", MODEL_RUNS: values.runs } },
);
process.exit(status ?? 1);
