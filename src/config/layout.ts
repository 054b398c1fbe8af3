/** Windows wider than this are "desktop" (docs/product.md#limits). Sass receives the same number as
 *  $desktop-threshold through vite.config.ts, so CSS and scripts cannot disagree. */
export const DESKTOP_THRESHOLD_PX = 768;

/** A page chunk that has not loaded after this long is treated as failed (docs/product.md#calls). */
export const PAGE_CHUNK_TIMEOUT_MS = 120_000;

/** How long anything waits for the database (a live page's data, a form's write) before the person
 *  is told the servers cannot be reached. */
export const SERVER_WAIT_MS = 10_000;
