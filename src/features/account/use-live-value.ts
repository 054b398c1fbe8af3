import { useMemo, useState } from 'react';
import { useAsyncSubscription } from '@/ui/use-async-subscription';
import { useUnreachable } from './use-connection';

export type LiveState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

const failed = (error: Error): LiveState<never> => ({ status: 'error', message: error.message });

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

  const subscribe = useMemo(
    () =>
      uid
        ? (signal: AbortSignal) => {
            setState({ status: 'loading' });
            return watch(
              uid,
              (value) => !signal.aborted && setState({ status: 'ready', value }),
              (error) => !signal.aborted && setState(failed(error)),
            );
          }
        : null,
    [uid, watch],
  );
  useAsyncSubscription(subscribe, (error) => setState(failed(error as Error)));

  const unreachable = useUnreachable(state.status === 'loading');
  return { ...state, unreachable };
}
