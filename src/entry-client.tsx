import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandReady } from "./island-ready.tsx";
import { islands } from "./islands.tsx";
import type { IslandName } from "./ui/island.tsx";

// Loaded by src/loader.ts on the visitor's first sign of intent. The in-page links are the
// first-paint script's (lib/smooth-scroll.ts), as is the capture of the visit's source
// (lib/visit-source.ts); the islands take over from it here.

// Hydrated as a transition, so React works in short slices and yields to the browser between
// them: a tap or a scroll during hydration never waits behind one long task (the first-paint
// script answers it until the island is ready).
startTransition(() => {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const Component = islands[element.dataset.island as IslandName];
    if (!Component) continue;
    hydrateRoot(
      element,
      <StrictMode>
        <IslandReady container={element}>
          <Component />
        </IslandReady>
      </StrictMode>,
    );
  }
});
