// Each island hydrates as its own small root; the rest of the page is never hydrated
// (docs/decisions/0001-prerender-and-islands.md).
import type { ComponentType } from "react";
import { CopyrightYear } from "./layout/copyright-year.tsx";
import { SiteHeader } from "./layout/site-header.tsx";
import { RegistrationPanel } from "./registration/registration-panel.tsx";
import { VideoFacade } from "./sections/video-facade.tsx";
import type { IslandName } from "./ui/island.tsx";
import { Toaster } from "./ui/toaster.tsx";

export const islands = {
  header: SiteHeader,
  registration: RegistrationPanel,
  video: VideoFacade,
  year: CopyrightYear,
  toaster: Toaster,
} satisfies Record<IslandName, ComponentType>;
