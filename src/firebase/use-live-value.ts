/**
 * A value of the database watched live by a component, with whether the database can be reached:
 * the one hook the customer area and the staff console read their live data through
 * (docs/decisions/0065-unreachable-database.md: after SERVER_WAIT_MS without an answer the page
 * says the servers cannot be reached instead of spinning on).
 */
import { useCallback, useMemo, useState } from 'react';
import { SERVER_WAIT_MS } from '@/config/layout';
import { useAsyncSubscription } from '@/ui/use-async-subscription';
import { useDelayedFlag } from '@/ui/use-delayed-flag';
import { watchConnection } from './connection';

/** Calls onChange with the value now and on every change; resolves with the function that stops. */
export type Watch<T> = (onChange: (value: T) => void, onError: (error: Error) => void) => Promise<() => void>;

/** A watch of one record or list picked by a key (a uid, say). */
export type KeyedWatch<T> = (key: string, onChange: (value: T) => void, onError: (error: Error) => void) => Promise<() => void>;

export type LiveState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

/** `unreachable`: the database has not answered, or has been unreachable, for SERVER_WAIT_MS; what
 *  shows may be out of date, and the page says so. */
export type LiveValue<T> = LiveState<T> & { unreachable: boolean };

const failed = (error: unknown): LiveState<never> => ({
  status: 'error',
  message: error instanceof Error ? error.message : String(error),
});

/** Whether the database is reachable now (connection.ts); false until it first is. */
function useConnected(): boolean {
  const [connected, setConnected] = useState(false);
  const watch = useCallback((signal: AbortSignal) => watchConnection((value) => !signal.aborted && setConnected(value)), []);
  // No database client (setup error): the page's own error says so; nothing to watch.
  useAsyncSubscription(watch, (error) => console.warn('Cannot watch the database connection', error));
  return connected;
}

/** Watches `watch` while the component is mounted. `watch` must keep its identity between renders
 *  (a module constant, or useMemo over its inputs); a new one ends the old listener and starts
 *  again from loading; null watches nothing. */
export function useLiveValue<T>(watch: Watch<T> | null): LiveValue<T> {
  const [state, setState] = useState<LiveState<T>>({ status: 'loading' });
  const subscribe = useMemo(
    () =>
      watch
        ? (signal: AbortSignal) => {
            setState({ status: 'loading' });
            return watch(
              (value) => !signal.aborted && setState({ status: 'ready', value }),
              (error) => !signal.aborted && setState(failed(error)),
            );
          }
        : null,
    [watch],
  );
  useAsyncSubscription(subscribe, (error) => setState(failed(error)));
  const connected = useConnected();
  const unreachable = useDelayedFlag(state.status === 'loading' || !connected, SERVER_WAIT_MS);
  return { ...state, unreachable };
}

/** useLiveValue over the record `watch` picks by `key` (a uid); nothing while the key is unknown. */
export function useLiveValueOf<T>(key: string | null | undefined, watch: KeyedWatch<T>): LiveValue<T> {
  const keyed = useMemo((): Watch<T> | null => (key ? (onChange, onError) => watch(key, onChange, onError) : null), [key, watch]);
  return useLiveValue(keyed);
}
