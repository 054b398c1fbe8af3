import { useCallback, useState } from 'react';
import { useAsyncSubscription } from '@/ui/use-async-subscription';

export type VisitorState = { status: 'loading' } | { status: 'ready'; signedIn: boolean };

/**
 * Whether someone is signed in. The public layout has no auth provider, so the page asks Firebase
 * Auth itself, loading it only now (the page's own chunk stays free of it). Until Auth has
 * answered, the checkout note waits. When Auth cannot be loaded the page carries on as for a
 * visitor; checkout asks again and reports a failure there.
 */
export function useVisitor(): VisitorState {
  const [state, setState] = useState<VisitorState>({ status: 'loading' });

  const watchVisitor = useCallback(async (signal: AbortSignal) => {
    // Firebase Auth is large: asked once the browser is idle, it does not compete with the plan's
    // own code and picture for the first paint (npm run bench:web).
    await whenIdle(signal);
    const { getAuthClient } = await import('@/firebase/clients');
    const auth = await getAuthClient();
    signal.throwIfAborted();
    return auth.onAuthStateChanged(
      (user) => setState({ status: 'ready', signedIn: user !== null }),
      () => setState({ status: 'ready', signedIn: false }),
    );
  }, []);
  useAsyncSubscription(watchVisitor, () => setState({ status: 'ready', signedIn: false }));

  return state;
}

/** Resolves when the browser has nothing more urgent to do (at the latest after two seconds);
 *  rejects, without waiting on, once `signal` aborts. */
function whenIdle(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let cancel: () => void;
    const done = () => {
      signal.removeEventListener('abort', abort);
      resolve();
    };
    const abort = () => {
      cancel();
      reject(signal.reason);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(done, 0);
      cancel = () => window.clearTimeout(timer);
    }
    signal.addEventListener('abort', abort, { once: true });
  });
}
