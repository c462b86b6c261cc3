import type { ReactNode } from "react";

/** The interactive parts of the page; src/island-components.tsx names the component of each. */
export type IslandName = "header" | "registration" | "video" | "year" | "toaster";

/** Islands take no props: both sides render them from the content folder. */
export function Island({
  name,
  as: Tag = "div",
  children,
}: {
  name: IslandName;
  as?: "div" | "span";
  children: ReactNode;
}) {
  return (
    <Tag data-island={name} className="contents">
      {children}
    </Tag>
  );
}
