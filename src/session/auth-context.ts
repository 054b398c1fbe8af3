import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { User } from 'firebase/auth';
import { readStoredUserId, subscribeStoredUserId } from './stored-user-id';

export interface AuthState {
  /** The signed-in Firebase user, or null. */
  user: User | null;
  /** False until Firebase has said who is signed in (screens show a spinner until then). */
  ready: boolean;
  /** True from the moment the person chose Sign out, so the session guard stays quiet. */
  signingOut: boolean;
  /** Ends the session and removes the stored user id. */
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

/** Asks the provider to load Firebase Auth now. Until a screen asks (or the session hint says
 *  someone is signed in), the public pages load no Firebase code. */
export const AuthConnectContext = createContext<() => void>(() => {});

/** The auth state as far as it is known, without loading Firebase Auth. Needs an <AuthProvider>. */
export function useAuthState(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('The auth state needs an <AuthProvider> above it');
  return state;
}

/** The current user and whether the auth state is known yet, loading Firebase Auth if it has not
 *  loaded. Needs an <AuthProvider> above. */
export function useAuth(): AuthState {
  const connect = useContext(AuthConnectContext);
  useEffect(connect, [connect]);
  return useAuthState();
}

/** Whether the stored user id says someone is signed in. False while hydrating pre-rendered HTML
 *  (which was rendered for a visitor), so the first render matches it. */
export function useSessionHint(): boolean {
  return useSyncExternalStore(
    subscribeStoredUserId,
    () => readStoredUserId() !== null,
    () => false,
  );
}

/** Who the header and layouts should show: Auth's answer once it has one, the hint until then.
 *  Does not load Firebase. */
export function useSignedIn(): boolean {
  const state = useContext(AuthContext);
  const hinted = useSessionHint();
  return state?.ready ? state.user !== null : hinted;
}
