import { useCallback, useState } from 'react';
import { SERVER_WAIT_MS } from '@/config/layout';
import { watchConnection } from '@/firebase/connection';
import { useAsyncSubscription } from '@/ui/use-async-subscription';
import { useDelayedFlag } from '@/ui/use-delayed-flag';

/** Whether the database is reachable now (src/firebase/connection.ts); false until it first is. */
export function useConnected(): boolean {
  const [connected, setConnected] = useState(false);
  const watch = useCallback((signal: AbortSignal) => watchConnection((value) => !signal.aborted && setConnected(value)), []);
  // No database client (setup error): the page's own error says so; nothing to watch.
  useAsyncSubscription(watch, (error) => console.warn('Cannot watch the database connection', error));

  return connected;
}

/**
 * Whether to tell the person the servers cannot be reached: the page has waited SERVER_WAIT_MS for
 * its data, or the connection has been down that long (what is shown may be out of date). Turns
 * false as soon as the connection is back and the data has arrived.
 */
export function useUnreachable(waiting: boolean): boolean {
  const connected = useConnected();
  return useDelayedFlag(waiting || !connected, SERVER_WAIT_MS);
}
