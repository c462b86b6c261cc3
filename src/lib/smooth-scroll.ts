// In-page navigation: a 500 ms smooth scroll (SPEC.md §9) that lands each section's heading
// below the fixed header. CSS `scroll-behavior` cannot set a duration, hence the animation.
export const SMOOTH_SCROLL_MS = 500;

/** Ease-in-out cubic, t in [0, 1]. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

let frame = 0;

/** Scrolls so that `target` sits at its scroll-margin below the top; instant under reduced motion. */
export function scrollToElement(target: HTMLElement, duration = SMOOTH_SCROLL_MS): void {
  const margin = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const start = window.scrollY;
  const maxY = document.documentElement.scrollHeight - window.innerHeight;
  const end = Math.min(maxY, Math.max(0, target.getBoundingClientRect().top + start - margin));
  cancelAnimationFrame(frame);
  if (prefersReducedMotion() || duration <= 0 || start === end) {
    window.scrollTo({ top: end, behavior: "instant" });
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / duration);
    window.scrollTo({ top: start + (end - start) * easeInOutCubic(t), behavior: "instant" });
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
}

/**
 * Makes every `<a href="#id">` on the page scroll smoothly. The links are real anchors, so they
 * already work before this runs; this only adds the animation, the URL update and focus.
 */
export function enhanceInPageLinks(root: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[href^='#']");
    const hash = link?.getAttribute("href");
    if (!hash || hash === "#") return;
    const target = root.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    history.pushState(null, "", hash);
    scrollToElement(target);
    // Move keyboard and screen-reader focus with the view, without a second jump.
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}
