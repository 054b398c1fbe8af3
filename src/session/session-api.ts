/**
 * The Firebase Auth calls of the session itself: who is signed in, their fresh state, signing out,
 * and the ID token that proves it. Loaded dynamically (the auth provider, checkout), so Firebase
 * Auth stays out of the public pages' bundle.
 */
import { onIdTokenChanged, signOut, type ActionCodeSettings, type User } from 'firebase/auth';
import { paths } from '@/config/paths';
import { FirebaseSetupError, getAuthClient } from '@/firebase/clients';
import { startTokenSync } from './token-sync';

/** The verification email's link comes back to the dashboard, which re-reads the verified state
 *  when the person returns to the tab. Sign-up and the profile's email change send it too. */
export function verificationSettings(): ActionCodeSettings {
  return { url: new URL(paths.dashboard, window.location.origin).href };
}

/** Calls back with the current user now and on every sign-in, sign-out and token refresh. */
export async function watchUser(onChange: (user: User | null) => void): Promise<() => void> {
  const auth = await getAuthClient();
  startTokenSync(auth);
  return onIdTokenChanged(auth, onChange);
}

/** Re-reads the account; when it has been verified since, refreshes the ID token, so the database
 *  rules see it too and the token change reaches every watchUser listener. */
export async function refreshUser(user: User): Promise<void> {
  const verified = user.emailVerified;
  await user.reload();
  if (user.emailVerified !== verified) await user.getIdToken(true);
}

export async function signOutUser(): Promise<void> {
  await signOut(await getAuthClient());
}

/** The signed-in user's ID token, or null for a visitor; waits for Auth to know. A build without
 *  Firebase configuration has no signed-in users. */
export async function currentIdToken(): Promise<string | null> {
  try {
    const auth = await getAuthClient();
    await auth.authStateReady();
    return (await auth.currentUser?.getIdToken()) ?? null;
  } catch (error) {
    if (error instanceof FirebaseSetupError) return null;
    throw error;
  }
}
