// The interactive parts of the page. Everything else is static HTML from the prerender and is
// never hydrated: the client hydrates each island below as its own small root, which keeps the
// JavaScript and the main-thread work of the first load down to what a visitor can touch.
import type { ComponentType } from "react";
import { CopyrightYear } from "./layout/copyright-year.tsx";
import { SiteHeader } from "./layout/site-header.tsx";
import { RegistrationPanel } from "./registration/registration-panel.tsx";
import { VideoFacade } from "./sections/video-facade.tsx";
import { Toaster } from "./ui/toaster.tsx";

export const islands = {
  header: SiteHeader,
  registration: RegistrationPanel,
  video: VideoFacade,
  year: CopyrightYear,
  toaster: Toaster,
} satisfies Record<string, ComponentType>;

export type IslandName = keyof typeof islands;

/**
 * Marks where an island sits in the prerendered page. The wrapper takes no box of its own
 * (`display: contents`); the client finds it by `data-island` and hydrates the same component.
 * Islands take no props: what they show comes from the content folder on both sides.
 */
export function Island({ name, as: Tag = "div" }: { name: IslandName; as?: "div" | "span" }) {
  const Component = islands[name];
  return (
    <Tag data-island={name} className="contents">
      <Component />
    </Tag>
  );
}
