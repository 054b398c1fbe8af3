/** Runs `work` once, when the browser is idle or the person first interacts, whichever comes
 *  first, so it never competes with the first paint. Returns a cancel function. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
/** Browsers without requestIdleCallback (Safari) wait this long instead. */
const FALLBACK_DELAY_MS = 1500;
/** An idle period may never come on a busy page; Auth must still confirm the header soon. */
const IDLE_TIMEOUT_MS = 4000;

export function whenIdleOrInteracting(work: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    cancel();
    work();
  };
  const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : undefined;
  const timer = idle === undefined ? window.setTimeout(run, FALLBACK_DELAY_MS) : undefined;
  INTERACTIONS.forEach((type) => window.addEventListener(type, run, { passive: true, capture: true }));
  function cancel() {
    done = true;
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
    INTERACTIONS.forEach((type) => window.removeEventListener(type, run, { capture: true }));
  }
  return cancel;
}
