import { useEffect, useEffectEvent } from 'react';

/**
 * Starts a subscription that may first have to load code (a Firebase SDK, say) and resolves with
 * the function that ends it. `signal` aborts once the subscription is no longer wanted: events
 * that still arrive should then be ignored, and a wait in progress may stop (rejecting is fine).
 */
export type AsyncSubscribe = (signal: AbortSignal) => Promise<() => void>;

/**
 * Keeps one subscription while the component is mounted: subscribes on mount, ends it on unmount,
 * and when `subscribe` changes (wrap it in useCallback or useMemo with its inputs) ends the old
 * one and starts the new one; `null` subscribes to nothing. A subscription that resolves after it
 * stopped being wanted is ended at once. `onError` hears a failed subscribe (the code did not
 * load, no configuration) while the subscription is still wanted.
 *
 * Imports nothing of Firebase, so it may sit in any bundle.
 */
export function useAsyncSubscription(subscribe: AsyncSubscribe | null, onError: (error: unknown) => void): void {
  const reportError = useEffectEvent(onError);

  useEffect(() => {
    if (!subscribe) return;
    const controller = new AbortController();
    const { signal } = controller;
    let unsubscribe: (() => void) | undefined;
    let started: Promise<() => void>;
    try {
      started = subscribe(signal);
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then(
      (stop) => {
        if (signal.aborted) stop();
        else unsubscribe = stop;
      },
      (error: unknown) => {
        if (!signal.aborted) reportError(error);
      },
    );
    return () => {
      controller.abort();
      unsubscribe?.();
    };
  }, [subscribe]);
}
