import { useEffect, useState } from 'react';
import { useUnreachable } from './use-connection';

export type LiveState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; message: string };

/** `unreachable`: the database has not answered for a while (see useUnreachable); the page shows
 *  a notice then, instead of spinning on. */
export type WatchedState<T> = LiveState<T> & { unreachable: boolean };

/** Something of the signed-in person's, watched live (a `watch…` function of a data module).
 *  The listener is removed when the component leaves or the uid changes. */
export function useLiveValue<T>(
  uid: string | undefined,
  watch: (uid: string, onChange: (value: T) => void, onError: (error: Error) => void) => Promise<() => void>,
): WatchedState<T> {
  const [state, setState] = useState<LiveState<T>>({ status: 'loading' });

  useEffect(() => {
    if (!uid) return;
    setState({ status: 'loading' });
    let unsubscribe: (() => void) | undefined;
    let left = false;
    const fail = (error: Error) => !left && setState({ status: 'error', message: error.message });
    watch(uid, (value) => !left && setState({ status: 'ready', value }), fail).then(
      (stop) => (left ? stop() : (unsubscribe = stop)),
      fail,
    );
    return () => {
      left = true;
      unsubscribe?.();
    };
  }, [uid, watch]);

  const unreachable = useUnreachable(state.status === 'loading');
  return { ...state, unreachable };
}
