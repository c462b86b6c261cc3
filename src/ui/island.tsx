import type { ReactNode } from "react";

/** The interactive parts of the page; src/island-components.tsx names the component of each. */
export type IslandName = "header" | "registration" | "video" | "year" | "toaster";

/**
 * The client finds the wrapper by `data-island` and hydrates the same component. Islands take no
 * props: what they show comes from the content folder on both sides.
 */
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
