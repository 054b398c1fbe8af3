/**
 * The Firebase Auth calls of the way in: creating an account, signing in, resetting a password.
 * The sign-in and sign-up forms import this module dynamically, so Firebase Auth loads on the
 * first attempt, not with the page.
 */
import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth';
import { readProfileExists } from '@/firebase/users-api';
import { getAuthClient } from '@/firebase/clients';
import { syncAccountEmail } from '@/session/account-email';
import { verificationSettings } from '@/session/session-api';
import { storeUserId } from '@/session/stored-user-id';

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

/** What follows every sign-in: the account's email brought up to date in the background
 *  (src/session/account-email.ts). An account without a profile is sent to "Complete your
 *  profile" by the customer area's guard, where sign-in leads by default
 *  (docs/decisions/0122-half-made-accounts-and-visitor-words.md); staff, who have no profile, are not. */
export function afterSignIn(user: User): void {
  void syncAccountEmail(user);
}

/**
 * The sign-up form's retry when the address already has an account: an earlier attempt may have
 * created the account and then failed to write its profile. Signs in with the typed password; an
 * account without a profile is resumed (resolves with it, signed in), anything else resolves null
 * and leaves nobody signed in, so the form says "already in use" as before
 * (docs/decisions/0122-half-made-accounts-and-visitor-words.md).
 */
export async function resumeAccount(email: string, password: string): Promise<User | null> {
  const auth = await getAuthClient();
  let user: User;
  try {
    ({ user } = await signInWithEmailAndPassword(auth, email, password));
  } catch {
    return null;
  }
  if (!(await readProfileExists(user.uid))) {
    storeUserId(user.uid);
    return user;
  }
  // Not a half-made account: this form creates accounts, it does not sign people in.
  storeUserId(null);
  await signOut(auth);
  return null;
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(await getAuthClient(), email);
}
