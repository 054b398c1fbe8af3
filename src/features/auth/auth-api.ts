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
  type User,
} from 'firebase/auth';
import { getAuthClient } from '@/firebase/clients';
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

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(await getAuthClient(), email);
}
