// `npm run test:engines` in Chromium: the journeys of define-journeys.ts, beside the other engines.
import { defineEngineJourneys } from "./define-journeys.ts";

defineEngineJourneys("chromium");
