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
  type ActionCodeSettings,
  type User,
} from 'firebase/auth';
import { paths } from '@/config/paths';
import { getAuthClient } from '@/firebase/clients';
import { storeUserId } from './stored-user-id';
import { startTokenSync } from './token-sync';

/** The verification email's link comes back to the dashboard, which re-reads the verified state
 *  when the person returns to the tab. */
function verificationSettings(): ActionCodeSettings {
  return { url: new URL(paths.dashboard, window.location.origin).href };
}

/** Sends the verification email again (the dashboard's "Resend verification email"). */
export async function resendVerificationEmail(user: User): Promise<void> {
  await sendEmailVerification(user, verificationSettings());
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

/** Creates the account (which signs it in) and sends the verification email. */
export async function createAccount(email: string, password: string): Promise<User> {
  const auth = await getAuthClient();
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  storeUserId(user.uid);
  await sendEmailVerification(user, verificationSettings());
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
  await sendEmailVerification(user, verificationSettings());
  return user.email ?? newEmail;
}

/** Re-authenticates, then changes the account's password. */
export async function changePassword(user: User, currentPassword: string, newPassword: string): Promise<void> {
  await reauthenticate(user, currentPassword);
  await updatePassword(user, newPassword);
}
