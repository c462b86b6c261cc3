import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandHandover } from "./island-handover.tsx";
import { PENDING_CLICK, PENDING_SUBMIT } from "./lib/before-hydration.ts";
import { islands } from "./island-components.tsx";
import type { IslandName } from "./ui/island.tsx";

const waitedOn = (island: Element) =>
  island.querySelector(`[${PENDING_SUBMIT}], [${PENDING_CLICK}]`) !== null;
// An island the visitor already pressed something in (Register Now, the video) goes first.
const islandsInOrder = [...document.querySelectorAll<HTMLElement>("[data-island]")].sort(
  (a, b) => Number(waitedOn(b)) - Number(waitedOn(a)),
);

// In short slices: a tap during hydration never waits behind one long task.
startTransition(() => {
  for (const element of islandsInOrder) {
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
