import { useEffect, useState } from 'react';

export type VisitorState = { status: 'loading' } | { status: 'ready'; signedIn: boolean };

/**
 * Whether someone is signed in. The public layout has no auth provider, so the page asks Firebase
 * Auth itself, loading it only now (the page's own chunk stays free of it). Until Auth has
 * answered the page shows its spinner. When Auth cannot be loaded the page carries on as for a
 * visitor; checkout asks again and reports a failure there.
 */
export function useVisitor(): VisitorState {
  const [state, setState] = useState<VisitorState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
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
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  return state;
}
