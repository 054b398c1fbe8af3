/** Friendly sign-in messages for the Firebase Auth error codes people actually meet. */
import { SIGN_IN_MESSAGES } from './messages';

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

export function signInErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case 'auth/wrong-password':
      return SIGN_IN_MESSAGES.wrongPassword;
    case 'auth/user-not-found':
      return SIGN_IN_MESSAGES.userNotFound;
    // With email-enumeration protection on, Firebase no longer says which of the two was wrong.
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return SIGN_IN_MESSAGES.invalidCredential;
    case 'auth/too-many-requests':
      return SIGN_IN_MESSAGES.tooManyRequests;
    case 'auth/invalid-email':
      return SIGN_IN_MESSAGES.invalidEmail;
    case 'auth/user-disabled':
      return SIGN_IN_MESSAGES.userDisabled;
    case 'auth/network-request-failed':
      return SIGN_IN_MESSAGES.network;
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** A reset request for an unknown address is reported as sent: the page must not reveal which
 *  emails have accounts. */
export function resetErrorIsSilent(error: unknown): boolean {
  return codeOf(error) === 'auth/user-not-found';
}
