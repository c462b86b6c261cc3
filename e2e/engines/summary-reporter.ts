// Closes `npm run test:engines` with what ran where: one "N passed, N failed" line per engine,
// then the total.
import type { Reporter, TestModule } from "vitest/node";

type Counts = { passed: number; failed: number; skipped: number };

export default class EngineSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const byEngine = new Map<string, Counts>();
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const engine = test.fullName.split(" > ")[0] ?? "?";
        const counts = byEngine.get(engine) ?? { passed: 0, failed: 0, skipped: 0 };
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") counts.failed += 1;
        else counts.skipped += 1;
        byEngine.set(engine, counts);
      }
    }
    const line = ({ passed, failed, skipped }: Counts) =>
      `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
    const total: Counts = { passed: 0, failed: 0, skipped: 0 };
    for (const [engine, counts] of byEngine) {
      if (counts.passed + counts.failed === 0) continue;
      console.log(`${engine}: ${line(counts)}`);
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    }
    console.log(`engines: ${line(total)}`);
  }
}
