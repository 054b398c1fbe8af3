import { useEffect, useState } from 'react';

export type VisitorState = { status: 'loading' } | { status: 'ready'; signedIn: boolean };

/**
 * Whether someone is signed in. The public layout has no auth provider, so the page asks Firebase
 * Auth itself, loading it only now (the page's own chunk stays free of it). Until Auth has
 * answered, the checkout note waits. When Auth cannot be loaded the page carries on as for a
 * visitor; checkout asks again and reports a failure there.
 */
export function useVisitor(): VisitorState {
  const [state, setState] = useState<VisitorState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    // Firebase Auth is large: asked once the browser is idle, it does not compete with the plan's
    // own code and picture for the first paint (npm run bench:web).
    const ask = () =>
      import('@/firebase/clients')
        .then(({ getAuthClient }) => getAuthClient())
        .then((auth) => {
          if (cancelled) return;
          unsubscribe = auth.onAuthStateChanged(
            (user) => setState({ status: 'ready', signedIn: user !== null }),
            () => setState({ status: 'ready', signedIn: false }),
          );
        })
        .catch(() => {
          if (!cancelled) setState({ status: 'ready', signedIn: false });
        });
    const idle = whenIdle(ask);
    return () => {
      cancelled = true;
      idle.cancel();
      unsubscribe?.();
    };
  }, []);

  return state;
}

/** Runs `task` when the browser has nothing more urgent to do (at the latest after two seconds). */
function whenIdle(task: () => void): { cancel(): void } {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return { cancel: () => window.cancelIdleCallback(handle) };
  }
  const timer = window.setTimeout(task, 0);
  return { cancel: () => window.clearTimeout(timer) };
}
