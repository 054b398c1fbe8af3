/** Firebase Auth failures in plain sentences: the one mapping the sign-in form, the sign-up form
 *  ("Error") and the profile's credential changes ("Oops!") show. Each sentence fits
 *  all three places, so none of them keeps its own list. */

/** Per Firebase Auth error code. */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'auth/wrong-password': 'That password is not right. Check it and try again, or reset it with "Forgot password?" on the sign-in page.',
  // Never says whether an address has an account (docs/decisions/0122-half-made-accounts-and-visitor-words.md).
  'auth/user-not-found': 'The email or password is not right. Check both and try again.',
  // With email-enumeration protection on, Firebase no longer says which of the two was wrong.
  'auth/invalid-credential': 'The email or password is not right. Check both and try again.',
  'auth/invalid-login-credentials': 'The email or password is not right. Check both and try again.',
  'auth/email-already-in-use': 'An account with this email already exists. Sign in instead, or use another email.',
  'auth/weak-password': 'That password is too weak. Use at least 6 characters.',
  'auth/invalid-email': 'That email address is not valid. Check it and try again.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, or reset your password with "Forgot password?".',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/requires-recent-login': 'For your security, please sign out and sign in again, then make this change.',
  'auth/user-disabled': 'This account has been disabled. Contact support for help.',
  'auth/user-token-expired': 'Your session has expired. Please sign in again.',
  'auth/operation-not-allowed': 'This way of signing in is not available right now. Contact support for help.',
  'auth/quota-exceeded': 'The service is busy right now. Please try again in a few minutes.',
};

export function authErrorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** Firebase's SDKs wrap every message: "Firebase: Error (auth/some-code)." or
 *  "Firebase: A sentence (auth/some-code)." */
const PROVIDER_WRAPPER = /^Firebase:\s*(.*?)\s*(?:\(([\w/-]+)\))?\.?\s*$/s;

/** The provider's text without its wrapper; when only "Error" would remain, a sentence that says
 *  something went wrong and names the code (for support). */
export function withoutProviderWrapper(message: string, code = ''): string {
  const match = PROVIDER_WRAPPER.exec(message.trim());
  if (!match) return message.trim() || fallbackSentence(code);
  const text = match[1] ?? '';
  if (text === '' || /^error$/i.test(text)) return fallbackSentence(code || match[2] || '');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function fallbackSentence(code: string): string {
  return code ? `Something went wrong (${code}). Please try again.` : 'Something went wrong. Please try again.';
}

/** What to tell the person about a failed Auth call (or any other failure on the same path, such
 *  as the database refusing the write that follows). */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  const known = AUTH_ERROR_MESSAGES[code];
  if (known) return known;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return withoutProviderWrapper(message, code);
}

/** The sign-in form's words: a wrong password and an unknown address read the same, as they do
 *  from Auth with email enumeration protection on (production projects, and the local stack), so
 *  the page never tells whether an address has an account. */
export function signInErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  return code === 'auth/wrong-password' ? AUTH_ERROR_MESSAGES['auth/invalid-credential']! : authErrorMessage(error);
}

/** A reset request for an unknown address is reported as sent: the page must not reveal which
 *  emails have accounts. */
export function resetErrorIsSilent(error: unknown): boolean {
  return authErrorCode(error) === 'auth/user-not-found';
}
