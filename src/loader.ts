import "./styles.css";
import { HYDRATE_NEAR, onIntent, retryAtNextTouch } from "./lib/intent.ts";
import { islandFiles, islandsEntry, prefetch } from "./lib/prefetch.ts";
import { registrationWaits } from "./lib/start-loader.ts";
import { warmSenderOnFormTouch } from "./lib/warm-sender.ts";

// Requested by the first-paint script at the first sign of intent, or at `load` for a kept
// registration (lib/start-loader.ts): loads React and the islands at once, or when the form nears
// the viewport. The islands' entry, imported by URL, shares no module with this file and needs no
// preload helper, so this stays small.

let hydration: Promise<unknown> | undefined;
let failures = 0;

function hydrate() {
  const entry = import.meta.env.DEV ? "/src/entry-client.tsx" : islandsEntry(document);
  if (!entry) return;
  // A browser may keep a failed import failed for the page's lifetime (see islands-entry.ts).
  const url = failures === 0 ? entry : `${entry}?try=${failures + 1}`;
  // The entry is a one-line facade: the code it imports is fetched alongside, not after it, as a
  // module about to run (a plain prefetch racing the import fails in Firefox, firing `error`).
  if (!import.meta.env.DEV) prefetch(document, islandFiles(document).slice(1), "modulepreload");
  hydration ??= import(/* @vite-ignore */ url).catch((error: unknown) => {
    console.error("The page's interactive code could not be loaded.", error);
    failures += 1;
    hydration = undefined;
    retryAtNextTouch(document, hydrate);
  });
}

onIntent(document, hydrate);

// A registration waits on the device: the form's code runs now, or when the connection returns,
// and sends it.
const wakeForKept = () => registrationWaits() && hydrate();
wakeForKept();
addEventListener("online", wakeForKept);

// Half a viewport ahead: by the time the form is in view its code runs.
const near = new IntersectionObserver(
  (entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    near.disconnect();
    hydrate();
  },
  { rootMargin: "0px 0px 50% 0px" },
);
for (const element of document.querySelectorAll(`[${HYDRATE_NEAR}]`)) near.observe(element);

warmSenderOnFormTouch(document);
