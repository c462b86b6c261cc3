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
import { type SiteServer, startSiteServer } from "../support/site-server.ts";
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
  let site: SiteServer | undefined;
  let failingSite: SiteServer | undefined;
  let photoSite: SiteServer | undefined;
  let codeGate: CodeGate | undefined;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), "engines-"));
    await mkdir(screenshotDir, { recursive: true });
    site = await startSiteServer({ outboxDir: path.join(tmp, "outbox") });
    // A file where the outbox folder should be makes every send fail with 500, as a disk that
    // went away would.
    const failingOutbox = path.join(tmp, "failing-outbox");
    await writeFile(failingOutbox, "");
    failingSite = await startSiteServer({ outboxDir: failingOutbox });
    codeGate = await startCodeGate(site.base);
    photoSite = await startSiteServer({
      outboxDir: path.join(tmp, "photo-outbox"),
      distDir: inject("photoDist"),
    });
  });

  afterAll(async () => {
    await codeGate?.close();
    await site?.close();
    await failingSite?.close();
    await photoSite?.close();
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
