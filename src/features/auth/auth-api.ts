/**
 * Every Firebase Auth call of the site. Pages that use it are lazy chunks; the auth provider
 * imports this module dynamically, so Firebase Auth stays out of the public pages' bundle.
 */
import {
  EmailAuthProvider,
  createUserWithEmailAndPassword,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateEmail,
  updatePassword,
  type User,
} from 'firebase/auth';
import { getAuthClient } from '@/firebase/clients';
import { storeUserId } from './stored-user-id';
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
  storeUserId(user.uid);
  await sendEmailVerification(user);
  return user;
}

export async function signIn(email: string, password: string): Promise<User> {
  const auth = await getAuthClient();
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  storeUserId(user.uid);
  return user;
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(await getAuthClient(), email);
}

export async function signOutUser(): Promise<void> {
  await signOut(await getAuthClient());
}

/** Email changes and password changes need a recent sign-in (spec section 6). */
async function reauthenticate(user: User, currentPassword: string): Promise<void> {
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', currentPassword));
}

/** Re-authenticates, changes the account's email and sends a verification email to the new one.
 *  Resolves with the address as Auth now keeps it, which is what the profile must store. */
export async function changeEmail(user: User, currentPassword: string, newEmail: string): Promise<string> {
  await reauthenticate(user, currentPassword);
  await updateEmail(user, newEmail);
  await sendEmailVerification(user);
  return user.email ?? newEmail;
}

/** Re-authenticates, then changes the account's password. */
export async function changePassword(user: User, currentPassword: string, newPassword: string): Promise<void> {
  await reauthenticate(user, currentPassword);
  await updatePassword(user, newPassword);
}
