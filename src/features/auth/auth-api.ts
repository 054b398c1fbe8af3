/**
 * Every Firebase Auth call of the site. Pages that use it are lazy chunks; the auth provider
 * imports this module dynamically, so Firebase Auth stays out of the public pages' bundle.
 */
import {
  createUserWithEmailAndPassword,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth';
import { getAuthClient } from '@/firebase/clients';
import { startTokenSync } from './token-sync';

/** Calls back with the current user now and on every sign-in, sign-out and token refresh. */
export async function watchUser(onChange: (user: User | null) => void): Promise<() => void> {
  const auth = await getAuthClient();
  startTokenSync(auth);
  return onIdTokenChanged(auth, onChange);
}

/** Creates the account (which signs it in) and sends the verification email. */
export async function createAccount(email: string, password: string): Promise<User> {
  const auth = await getAuthClient();
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await sendEmailVerification(user);
  return user;
}

export async function signIn(email: string, password: string): Promise<User> {
  const auth = await getAuthClient();
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  return user;
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(await getAuthClient(), email);
}

export async function signOutUser(): Promise<void> {
  await signOut(await getAuthClient());
}
