/** The Firebase Auth calls of the customer area: the dashboard's "Resend verification email" and
 *  the profile's email and password changes. */
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendEmailVerification,
  updatePassword,
  verifyBeforeUpdateEmail,
  type User,
} from 'firebase/auth';
import { paths } from '@/config/paths';
import { authErrorCode } from '@/session/auth-errors';
import { verificationSettings } from '@/session/session-api';

/** Sends the verification email again (the dashboard's "Resend verification email"). */
export async function resendVerificationEmail(user: User): Promise<void> {
  await sendEmailVerification(user, verificationSettings());
}

/** Codes Auth answers a wrong password with: with email enumeration protection on it no longer
 *  says "wrong password" but "invalid credential". */
const WRONG_PASSWORD_CODES = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

/** Email changes, password changes and closing the account need a recent sign-in
 *  (docs/product.md#permissions). The signed-in person's own address is known, so a refusal here
 *  can only mean the password: it is said as "wrong password". */
export async function reauthenticate(user: User, currentPassword: string): Promise<void> {
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', currentPassword));
  } catch (error) {
    if (WRONG_PASSWORD_CODES.has(authErrorCode(error))) throw Object.assign(new Error('Wrong password'), { code: 'auth/wrong-password' });
    throw error;
  }
}

/**
 * Re-authenticates, then asks Auth to mail a link to the new address; the account's email changes
 * only when that link is opened, and the profile and the Stripe customer follow at the next sign-in
 * (docs/decisions/0118-email-change-by-verified-link.md). updateEmail is refused by projects with
 * email enumeration protection, which new projects have on.
 */
export async function changeEmail(user: User, currentPassword: string, newEmail: string): Promise<void> {
  await reauthenticate(user, currentPassword);
  await verifyBeforeUpdateEmail(user, newEmail, { url: new URL(paths.signIn, window.location.origin).href });
}

/** Re-authenticates, then changes the account's password. */
export async function changePassword(user: User, currentPassword: string, newPassword: string): Promise<void> {
  await reauthenticate(user, currentPassword);
  await updatePassword(user, newPassword);
}
