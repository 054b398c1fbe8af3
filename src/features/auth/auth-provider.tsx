import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { AuthContext, type AuthState } from './auth-context';
import { storeUserId } from './stored-user-id';

/** Loads Firebase Auth (only where it is mounted: the customer area and the auth pages) and tells
 *  its children who is signed in. The stored user id follows every change. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<{ user: User | null; ready: boolean }>({ user: null, ready: false });
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./auth-api')
      .then((api) =>
        api.watchUser((user) => {
          storeUserId(user?.uid ?? null);
          setSession({ user, ready: true });
        }),
      )
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch((error: unknown) => {
        // No Firebase configuration (or it failed to load): nobody can be signed in.
        console.warn('Auth is not available', error);
        if (!cancelled) setSession({ user: null, ready: true });
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      const api = await import('./auth-api');
      await api.signOutUser();
      storeUserId(null);
    } catch (error) {
      setSigningOut(false);
      throw error;
    }
  }, []);

  const value = useMemo<AuthState>(() => ({ ...session, signingOut, signOut }), [session, signingOut, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
