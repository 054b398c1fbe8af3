/** The Realtime Database's reachability: whether it is connected now (the SDK's `.info/connected`,
 *  true once its WebSocket handshake is done, and false at once when the browser reports being
 *  offline), and a time limit for writes, which the SDK would otherwise leave pending forever. */
import { SERVER_WAIT_MS } from '@/config/layout';
import { getDatabaseWithSdk } from './clients';

/** Calls onChange with the current state and on every change, until the returned function is
 *  called. Starts as false: the SDK reports true only after it has connected. */
export async function watchConnection(onChange: (connected: boolean) => void): Promise<() => void> {
  const [db, { onValue, ref }] = await getDatabaseWithSdk();
  let databaseConnected = false;
  const report = () => onChange(databaseConnected && navigator.onLine);
  window.addEventListener('online', report);
  window.addEventListener('offline', report);
  const stop = onValue(ref(db, '.info/connected'), (snapshot) => {
    databaseConnected = snapshot.val() === true;
    report();
  });
  report();
  return () => {
    stop();
    window.removeEventListener('online', report);
    window.removeEventListener('offline', report);
  };
}

/** A write the database did not confirm in time. The SDK keeps it queued and may still deliver it
 *  once the connection is back; the person is told now instead of waiting on a busy button. */
export class ServerUnreachableError extends Error {
  constructor() {
    super('We can’t reach our servers. Check your connection and try again; what you typed is still here.');
    this.name = 'ServerUnreachableError';
  }
}

/** `write`, or a ServerUnreachableError when it has not settled within `timeoutMs`. */
export async function withinServerWait<T>(write: Promise<T>, timeoutMs = SERVER_WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServerUnreachableError()), timeoutMs);
  });
  try {
    return await Promise.race([write, timeout]);
  } finally {
    clearTimeout(timer);
    write.catch(() => {}); // a late failure after the time-out has nobody left to tell
  }
}
