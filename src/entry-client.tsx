import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { islands, type IslandName } from "./islands.tsx";
import { enhanceInPageLinks } from "./lib/smooth-scroll.ts";
import { captureVisitSource } from "./lib/visit-source.ts";

// First, before any script of the page could rewrite the address.
captureVisitSource();
enhanceInPageLinks();

// Hydrated as a transition, so React works in short slices and yields to the browser between
// them: a tap or a scroll during hydration never waits behind one long task.
startTransition(() => {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const Component = islands[element.dataset.island as IslandName];
    if (!Component) continue;
    hydrateRoot(
      element,
      <StrictMode>
        <Component />
      </StrictMode>,
    );
  }
});
