// The interactive parts of the page. Everything else is static HTML from the prerender and is
// never hydrated: the client hydrates each island below as its own small root, which keeps the
// JavaScript and the main-thread work of the first load down to what a visitor can touch. Each
// sits in the page inside an <Island> of its name (src/ui/island.tsx).
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
