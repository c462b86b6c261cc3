// CSS `scroll-behavior` cannot set the 500 ms duration, hence the animation.

export const SMOOTH_SCROLL_MS = 500;

export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The scroll position that puts an element `padding` px under the header; `top` is its offset. */
export function scrollTargetY(
  top: number,
  { scrollY, padding, maxScrollY }: { scrollY: number; padding: number; maxScrollY: number },
): number {
  return Math.round(Math.min(Math.max(0, maxScrollY), Math.max(0, scrollY + top - padding)));
}

export function scrollPositionAt(start: number, end: number, elapsed: number, duration: number) {
  const t = duration > 0 ? Math.min(1, Math.max(0, elapsed / duration)) : 1;
  return start + (end - start) * easeInOutCubic(t);
}

let frame = 0;

/** Instant under reduced motion. */
export function scrollToElement(target: HTMLElement, duration = SMOOTH_SCROLL_MS): void {
  const root = document.documentElement;
  const start = window.scrollY;
  const end = scrollTargetY(target.getBoundingClientRect().top, {
    scrollY: start,
    padding: parseFloat(getComputedStyle(root).scrollPaddingTop) || 0,
    maxScrollY: root.scrollHeight - window.innerHeight,
  });
  cancelAnimationFrame(frame);
  if (prefersReducedMotion() || duration <= 0 || start === end) {
    window.scrollTo({ top: end, behavior: "instant" });
    return;
  }
  // The visitor's own wheel or touch wins over the animation.
  const stop = () => cancelAnimationFrame(frame);
  window.addEventListener("wheel", stop, { once: true, passive: true });
  window.addEventListener("touchstart", stop, { once: true, passive: true });
  const began = performance.now();
  const step = (now: number) => {
    const elapsed = now - began;
    window.scrollTo({ top: scrollPositionAt(start, end, elapsed, duration), behavior: "instant" });
    if (elapsed < duration) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
}

/** The `#id` links already work as anchors; this adds the animation, the URL update and focus. */
export function enhanceInPageLinks(root: Document): void {
  root.addEventListener("click", (event) => {
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
  });
}
