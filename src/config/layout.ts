/** Windows wider than this are "desktop" (spec section 9). Sass receives the same number as
 *  $desktop-threshold through vite.config.ts, so CSS and scripts cannot disagree. */
export const DESKTOP_THRESHOLD_PX = 768;

/** A page chunk that has not loaded after this long is treated as failed (spec section 7). */
export const PAGE_CHUNK_TIMEOUT_MS = 120_000;
