/**
 * focus-trap's `escapeDeactivates` option for a trap that React mounts and unmounts: Escape calls
 * `close` and the trap stays up until React removes it (returning false).
 *
 * Why the trap, not an onKeyDown on the panel: the trap listens on the document, and only the
 * topmost trap answers. An onKeyDown on the panel missed an Escape pressed in the tick after
 * opening, before focus-trap moves focus inside (its `delayInitialFocus`): focus was still on the
 * button that opened it, outside the panel.
 */
export function escapeCloses(close: () => void): () => false {
  return () => {
    close();
    return false;
  };
}
