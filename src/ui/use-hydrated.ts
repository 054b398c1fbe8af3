import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates pre-rendered HTML (and on the server), true afterwards. Pages that
 * depend on the query string render what was pre-rendered (the path without a query) first, so
 * hydration matches, then switch at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
