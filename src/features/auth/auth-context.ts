import { createContext, useContext } from 'react';
import type { User } from 'firebase/auth';

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

/** The current user and whether the auth state is known yet. Needs an <AuthProvider> above. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth() needs an <AuthProvider> above it');
  return state;
}
