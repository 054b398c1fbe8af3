/**
 * When the pre-rendered page has been adopted: hydration commits the site's frame first and the
 * page itself once its chunk has arrived (each page is behind its own Suspense boundary), so "the
 * root has hydrated" is not enough. The route table wraps each page so that its first commit
 * calls `markPageHydrated()`; until then a click on the page may meet an element React has
 * rendered but not committed, which it does not handle, and a form would be sent by the browser
 * (src/app/early-interactions.ts holds them until this resolves).
 *
 * No React here: src/main.tsx imports this before the first paint, and React must not be part of
 * what loads then.
 */
let resolve: () => void = () => {};

export const pageHydrated: Promise<void> = new Promise((done) => {
  resolve = done;
});

export function markPageHydrated(): void {
  resolve();
}
