import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { enrollLink, navigation } from "../content/navigation.ts";
import { site } from "../content/site.ts";
import { cn } from "../lib/cn.ts";
import { ButtonLink } from "../ui/button.tsx";
import { useActiveSection } from "./use-active-section.ts";

const HEADER_HEIGHT_PX = 72;
const navIds = navigation.map((link) => link.href.slice(1));

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const active = useActiveSection(navIds, HEADER_HEIGHT_PX);

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
  const navLinks = (className: string) =>
    navigation.map((link) => {
      const current = active === link.href.slice(1);
      return (
        <li key={link.href}>
          <a
            href={link.href}
            aria-current={current ? "location" : undefined}
            onClick={closeMenu}
            className={cn(className, current && "bg-brand/5 text-brand")}
          >
            {link.label}
          </a>
        </li>
      );
    });

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-[72px] max-w-6xl items-center justify-between gap-4 px-5">
        <a href="#top" className="text-lg font-bold tracking-tight text-brand">
          {site.brand}
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navLinks(
              "text-ink hover:text-brand rounded-md px-3 py-2 font-medium transition-colors",
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <ButtonLink href={enrollLink.href} onClick={closeMenu} className="hidden sm:inline-flex">
            {enrollLink.label}
          </ButtonLink>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-alt md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-line bg-white md:hidden"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-5 py-4">
          {navLinks("text-ink block rounded-md px-3 py-3 text-lg font-medium")}
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
