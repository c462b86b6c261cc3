import { useEffect, useRef, useState } from "react";
import { enrollLink, menuLabels, navigation, topLink } from "../content/navigation.ts";
import { cn } from "../lib/cn.ts";
import { MENU_TOGGLE } from "../lib/before-hydration.ts";
import { ButtonLink } from "../ui/button.tsx";
import { useActiveSection } from "./use-active-section.ts";
import { useScrolled } from "./use-scrolled.ts";

const MOBILE_MENU_ID = "mobile-menu";
const navIds = navigation.map((link) => link.href.slice(1));

// The first-paint script may have opened the menu (lib/before-hydration.ts); rendering what the
// DOM already shows keeps hydration exact.
function menuOpenedBeforeHydration(): boolean {
  if (typeof document === "undefined") return false;
  return document.querySelector(MENU_TOGGLE)?.getAttribute("aria-expanded") === "true";
}

/** Every link is a plain `#id` anchor; lib/smooth-scroll animates them page-wide. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(menuOpenedBeforeHydration);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const active = useActiveSection(navIds, barRef);
  const scrolled = useScrolled();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const navLinks = (className: string, activeClassName: string) =>
    navigation.map((link) => {
      const current = active === link.href.slice(1);
      return (
        <li key={link.href}>
          <a
            href={link.href}
            aria-current={current ? "location" : undefined}
            onClick={closeMenu}
            className={cn(className, current && activeClassName)}
          >
            {link.label}
          </a>
        </li>
      );
    });

  return (
    <header
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b bg-white",
        scrolled || menuOpen ? "border-line shadow-sm" : "border-transparent",
        // Also while the first-paint script has the menu open, before this island runs.
        "has-[[aria-expanded=true]]:border-line has-[[aria-expanded=true]]:shadow-sm",
      )}
    >
      <div
        ref={barRef}
        className="mx-auto flex h-header max-w-6xl items-center justify-between gap-3 px-5"
      >
        <a
          href={topLink.href}
          className="-mx-1 rounded-md px-1 py-2 text-lg font-bold tracking-tight whitespace-nowrap text-brand"
        >
          {topLink.label}
        </a>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navLinks(
              "block rounded-md px-3 py-2 font-medium text-ink hover:bg-surface-alt hover:text-brand",
              "bg-brand/5 text-brand underline decoration-2 underline-offset-[6px]",
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <ButtonLink
            href={enrollLink.href}
            onClick={closeMenu}
            className="hidden whitespace-nowrap sm:inline-flex"
          >
            {enrollLink.label}
          </ButtonLink>
          {/* Answered from first paint: by the first-paint script until this island runs. It
              needs JavaScript, so without it the button keeps its place but is not shown. Both
              icons and names are in the page and CSS picks by aria-expanded, so the script
              changes one attribute and the markup React hydrates stays the same. */}
          <button
            ref={toggleRef}
            type="button"
            data-menu-toggle=""
            className="group -mr-2 inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-alt lg:hidden no-js:invisible"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <ToggleGlyph paths={MENU_PATHS} className="group-aria-expanded:hidden" />
            <ToggleGlyph paths={CLOSE_PATHS} className="hidden group-aria-expanded:block" />
            <span className="sr-only group-aria-expanded:hidden">{menuLabels.open}</span>
            <span className="sr-only group-aria-[expanded=false]:hidden">{menuLabels.close}</span>
          </button>
        </div>
      </div>
      <nav
        id={MOBILE_MENU_ID}
        aria-label="Mobile"
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-var(--spacing-header))] overflow-y-auto border-t border-line bg-white shadow-lg lg:hidden"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-5 py-4">
          {navLinks(
            "block rounded-md px-3 py-3 text-lg font-medium text-ink hover:bg-surface-alt",
            "bg-brand/5 text-brand shadow-[inset_3px_0_0_currentColor]",
          )}
          <li className="pt-2">
            <ButtonLink href={enrollLink.href} onClick={closeMenu} className="w-full">
              {enrollLink.label}
            </ButtonLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

// Lucide's "menu" and "x", drawn inline so the toggle paints with the page and its glyphs need
// no icon library in the islands' code.
const MENU_PATHS = ["M4 5h16", "M4 12h16", "M4 19h16"];
const CLOSE_PATHS = ["M18 6 6 18", "m6 6 12 12"];

function ToggleGlyph({ paths, className }: { paths: string[]; className: string }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
