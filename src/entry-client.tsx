import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandHandover } from "./island-handover.tsx";
import { islands } from "./island-components.tsx";
import type { IslandName } from "./ui/island.tsx";

// Hydrated as a transition, in short slices: a tap during hydration never waits behind one long
// task (the first-paint script answers it until the island is ready).
startTransition(() => {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const Component = islands[element.dataset.island as IslandName];
    if (!Component) continue;
    hydrateRoot(
      element,
      <StrictMode>
        <IslandHandover container={element}>
          <Component />
        </IslandHandover>
      </StrictMode>,
    );
  }
});
