import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { useAsyncSubscription } from '@/ui/use-async-subscription';
import { AuthConnectContext, AuthContext, useSessionHint, type AuthState } from './auth-context';
import { noteSessionEnded, readStoredUserId, storeUserId } from './stored-user-id';
import { whenIdleOrInteracting } from './when-idle';

/**
 * Tells the whole site who is signed in. Firebase Auth loads only when needed: when a screen asks
 * (useAuth: the customer area, the sign-in and sign-up pages), or, when the stored user id hints
 * that someone is signed in, once the page is idle or the person first interacts. A visitor of
 * the public pages therefore never downloads it. The stored user id follows every change.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<{ user: User | null; ready: boolean }>({ user: null, ready: false });
  const [signingOut, setSigningOut] = useState(false);
  const [wanted, setWanted] = useState(false);
  const hinted = useSessionHint();
  const connect = useCallback(() => setWanted(true), []);
  const userRef = useRef<User | null>(null);
  // True while the person's own Sign out runs: that end of the session is no "Inactive Session".
  const signingOutRef = useRef(false);

  // Someone seems signed in: confirm it without competing with the page's first paint.
  useEffect(() => (hinted && !wanted ? whenIdleOrInteracting(connect) : undefined), [hinted, wanted, connect]);

  const watchSession = useCallback(
    async () =>
      (await import('./session-api')).watchUser((user) => {
        userRef.current = user;
        if (!user && !signingOutRef.current && readStoredUserId() !== null) noteSessionEnded();
        storeUserId(user?.uid ?? null);
        setSession({ user, ready: true });
      }),
    [],
  );
  useAsyncSubscription(wanted ? watchSession : null, (error) => {
    // No Firebase configuration (or it failed to load): nobody can be signed in.
    console.warn('Auth is not available', error);
    setSession({ user: null, ready: true });
  });

  // Back from the verification email (another tab, or the mail app): Auth's copy of the account
  // is stale until reloaded. The token refresh that follows re-renders everyone with the new state.
  useEffect(() => {
    const refresh = () => {
      const user = userRef.current;
      if (!user || user.emailVerified || document.visibilityState !== 'visible') return;
      void import('./session-api')
        .then((api) => api.refreshUser(user))
        .catch((error: unknown) => {
          console.warn('Could not refresh the account', error);
        });
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    signingOutRef.current = true;
    try {
      const api = await import('./session-api');
      await api.signOutUser();
      storeUserId(null);
    } finally {
      // The caller moves on to the sign-in page as soon as this resolves; until then the session
      // guard must not greet the person with "Inactive Session". The provider outlives the page,
      // so the flag ends with the task, before anyone could open the customer area again.
      signingOutRef.current = false;
      setTimeout(() => setSigningOut(false), 0);
    }
  }, []);

  const value = useMemo<AuthState>(() => ({ ...session, signingOut, signOut }), [session, signingOut, signOut]);
  return (
    <AuthConnectContext.Provider value={connect}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </AuthConnectContext.Provider>
  );
}
