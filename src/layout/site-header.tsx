import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { enrollLink, navigation, topLink } from "../content/navigation.ts";
import { cn } from "../lib/cn.ts";
import { ButtonLink } from "../ui/button.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { useActiveSection } from "./use-active-section.ts";
import { useScrolled } from "./use-scrolled.ts";

const MOBILE_MENU_ID = "mobile-menu";
const navIds = navigation.map((link) => link.href.slice(1));

/**
 * The fixed header: brand, section links with scroll-spy, Enroll Now, and below `lg` a
 * hamburger that opens the links in a panel under the bar. Every link is a real `#id` anchor;
 * the smooth scroll is added page-wide by lib/smooth-scroll.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const active = useActiveSection(navIds, barRef);
  const scrolled = useScrolled();
  // The hamburger needs JavaScript: until the island runs it keeps its place but is not shown,
  // so nobody taps a button that cannot answer yet (or, with JavaScript off, ever).
  const hydrated = useHydrated();

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
          <button
            ref={toggleRef}
            type="button"
            className={cn(
              "-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-alt lg:hidden",
              !hydrated && "invisible",
            )}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
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
