// `npm run test:engines`: every journey in one engine, against the built site (dist/) served by
// the real server on free ports. Each engine has a file of its own (firefox.engines.ts,
// webkit.engines.ts), so they run side by side, each with its own servers; ENGINE=webkit picks one.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { type Engine, type EngineName, engineNames } from "./engine.ts";
import { launchFirefox } from "./firefox.ts";
import { firstPaintJourneys } from "./journeys-first-paint.ts";
import { pageJourneys } from "./journeys-page.ts";
import { photoJourneys } from "./journeys-photos.ts";
import { registrationJourneys } from "./journeys-registration.ts";
import { type CodeGate, startCodeGate } from "../support/code-gate.ts";
import { type ServerProcess, startServer } from "../support/server-process.ts";
import { toastJourneys } from "./journeys-toast.ts";
import type { JourneyContext } from "./steps.ts";
import { launchWebKit } from "./webkit.ts";

const launchers: Record<EngineName, () => Promise<Engine>> = {
  firefox: launchFirefox,
  webkit: launchWebKit,
};
const journeys = [
  ...pageJourneys,
  ...firstPaintJourneys,
  ...registrationJourneys,
  ...toastJourneys,
  ...photoJourneys,
];
const selected = (process.env.ENGINE || engineNames.join(","))
  .split(",")
  .map((name) => name.trim());
const unknown = selected.filter((name) => !(engineNames as readonly string[]).includes(name));
if (unknown.length)
  throw new Error(`Unknown ENGINE ${unknown.join(", ")}; choose from ${engineNames.join(", ")}`);

/** The journeys of engine `name`, unless ENGINE leaves it out. */
export function defineEngineJourneys(name: EngineName): void {
  if (!selected.includes(name)) {
    describe.skip(name, () => it("is not in ENGINE", () => undefined));
    return;
  }
  const screenshotDir = path.resolve("test-results", "engines");
  let tmp = "";
  let site: ServerProcess | undefined;
  let failingSite: ServerProcess | undefined;
  let photoSite: ServerProcess | undefined;
  let codeGate: CodeGate | undefined;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), "engines-"));
    await mkdir(screenshotDir, { recursive: true });
    site = await startServer({ OUTBOX_DIR: path.join(tmp, "outbox") });
    // The server checks its outbox folder at start; a file put in the folder's place afterwards
    // makes every send fail with 500, as a disk that went away would.
    const failingOutbox = path.join(tmp, "failing-outbox");
    failingSite = await startServer({ OUTBOX_DIR: failingOutbox });
    await rm(failingOutbox, { recursive: true, force: true });
    await writeFile(failingOutbox, "");
    codeGate = await startCodeGate(site.base);
    photoSite = await startServer({
      OUTBOX_DIR: path.join(tmp, "photo-outbox"),
      DIST_DIR: inject("photoDist"),
    });
  });

  afterAll(async () => {
    await codeGate?.close();
    await site?.stop();
    await failingSite?.stop();
    await photoSite?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  describe(name, () => {
    let engine: Engine | undefined;
    beforeAll(async () => {
      engine = await launchers[name]();
      console.log(`${name}: ${engine.version}`);
    });
    afterAll(() => engine?.close());

    for (const journey of journeys) {
      it(`${journey.name} (${journey.viewport.width} px)`, async () => {
        if (!engine || !site || !failingSite || !photoSite || !codeGate)
          throw new Error(`${name} or the site did not start`);
        const context: JourneyContext = {
          engine: name,
          site: site.base,
          failingSite: failingSite.base,
          photoSite: photoSite.base,
          codeGate,
          screenshotDir,
        };
        const page = await engine.newPage(journey.viewport);
        try {
          await journey.run(page, context);
        } finally {
          await page.close();
        }
      });
    }
  });
}
