/** The Firebase Auth calls of the customer area: the dashboard's "Resend verification email" and
 *  the profile's email and password changes. */
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendEmailVerification,
  updateEmail,
  updatePassword,
  type User,
} from 'firebase/auth';
import { verificationSettings } from '@/session/session-api';

/** Sends the verification email again (the dashboard's "Resend verification email"). */
export async function resendVerificationEmail(user: User): Promise<void> {
  await sendEmailVerification(user, verificationSettings());
}

/** Email changes and password changes need a recent sign-in (docs/product.md#permissions). */
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
