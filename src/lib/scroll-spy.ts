/**
 * Picks the section the visitor is reading: the last one whose top has passed the line just
 * below the fixed header. Before the first section, none is active.
 * `tops` are the sections' top edges relative to the viewport, in page order.
 */
export function pickActiveSection<Id extends string>(
  sections: readonly { id: Id; top: number; bottom: number }[],
  headerOffset: number,
): Id | null {
  const line = headerOffset + 1;
  let active: Id | null = null;
  for (const section of sections) {
    if (section.top <= line && section.bottom > line) active = section.id;
  }
  return active;
}

/** Runs `fn` at most once per `wait` ms, always finishing with the latest call. */
export function throttle<Args extends unknown[]>(fn: (...args: Args) => void, wait: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Args | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    if (pending) fn(...pending);
    pending = undefined;
  };
  const throttled = (...args: Args) => {
    pending = args;
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0) run();
    else timer ??= setTimeout(run, remaining);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
