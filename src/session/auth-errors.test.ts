import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES, authErrorMessage, resetErrorIsSilent, signInErrorMessage, withoutProviderWrapper } from './auth-errors';

/** What Firebase's SDK throws: a FirebaseError with the code and the wrapped message. */
const firebaseError = (code: string, text = 'Error') => Object.assign(new Error(`Firebase: ${text} (${code}).`), { code });

const REQUIRED_CODES = [
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-credential',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/invalid-email',
  'auth/too-many-requests',
  'auth/network-request-failed',
  'auth/requires-recent-login',
  'auth/user-disabled',
  'auth/user-token-expired',
  'auth/operation-not-allowed',
  'auth/quota-exceeded',
];

describe('authErrorMessage', () => {
  it.each(REQUIRED_CODES)('says %s in a plain sentence', (code) => {
    const text = authErrorMessage(firebaseError(code));
    expect(text).toBe(AUTH_ERROR_MESSAGES[code]);
    expect(text).toMatch(/^[A-Z].*[.!?"]$/);
    expect(text).not.toMatch(/Firebase|auth\/|\(/);
  });

  it('covers every code the issue names, and gives each its own words', () => {
    for (const code of REQUIRED_CODES) expect(AUTH_ERROR_MESSAGES[code], code).toBeTruthy();
    // An unknown address is said like a wrong password: no page tells whether an address has an account.
    const own = REQUIRED_CODES.filter((code) => code !== 'auth/user-not-found');
    expect(AUTH_ERROR_MESSAGES['auth/user-not-found']).toBe(AUTH_ERROR_MESSAGES['auth/invalid-credential']);
    const distinct = new Set(own.map((code) => AUTH_ERROR_MESSAGES[code]));
    expect(distinct.size).toBe(own.length);
  });

  it('treats the enumeration-protected login error like invalid-credential', () => {
    expect(authErrorMessage(firebaseError('auth/invalid-login-credentials'))).toBe(AUTH_ERROR_MESSAGES['auth/invalid-credential']);
  });

  it.each([
    [
      'a sentence in the wrapper',
      firebaseError('auth/missing-android-pkg-name', 'An Android package name must be provided'),
      'An Android package name must be provided.',
    ],
    [
      'a sentence that ends with a full stop',
      firebaseError('auth/argument-error', 'The email address is badly formatted.'),
      'The email address is badly formatted.',
    ],
    ['only "Error" in the wrapper', firebaseError('auth/internal-error'), 'Something went wrong (auth/internal-error). Please try again.'],
    [
      'another service’s code',
      firebaseError('app/no-app', 'Firebase App named [DEFAULT] does not exist'),
      'Firebase App named [DEFAULT] does not exist.',
    ],
    ['a plain Error', new Error('The database did not answer in time.'), 'The database did not answer in time.'],
    ['a string', 'Something odd', 'Something odd'],
    ['nothing useful', {}, 'Something went wrong. Please try again.'],
    [
      'an empty wrapper with only a code',
      Object.assign(new Error('Firebase: Error.'), { code: 'auth/odd' }),
      'Something went wrong (auth/odd). Please try again.',
    ],
  ])('shows an unknown failure without the provider wrapper: %s', (_, error, text) => {
    expect(authErrorMessage(error)).toBe(text);
  });
});

describe('withoutProviderWrapper', () => {
  it.each([
    ['Firebase: Error (auth/wrong-password).', '', 'Something went wrong (auth/wrong-password). Please try again.'],
    ['Firebase: Error (auth/popup-blocked).', 'auth/popup-blocked', 'Something went wrong (auth/popup-blocked). Please try again.'],
    [
      'Firebase: A network AuthError (such as timeout) has occurred. (auth/network-request-failed).',
      '',
      'A network AuthError (such as timeout) has occurred.',
    ],
    ['Firebase: Password should be at least 6 characters (auth/weak-password).', '', 'Password should be at least 6 characters.'],
    ['Firebase: Error', '', 'Something went wrong. Please try again.'],
    ['No wrapper here.', '', 'No wrapper here.'],
  ])('%s → %s', (message, code, text) => {
    expect(withoutProviderWrapper(message, code)).toBe(text);
  });
});

describe('signInErrorMessage', () => {
  it('says a wrong password and an unknown address in the same words, which claim nothing about the address', () => {
    const words = ['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-credential', 'auth/invalid-login-credentials'].map((code) =>
      signInErrorMessage(firebaseError(code)),
    );
    expect(new Set(words)).toEqual(new Set([AUTH_ERROR_MESSAGES['auth/invalid-credential']]));
    expect(words[0]).not.toMatch(/no account|does not exist|not found/i);
  });
});

describe('resetErrorIsSilent', () => {
  it('hides only an unknown account', () => {
    expect(resetErrorIsSilent(firebaseError('auth/user-not-found'))).toBe(true);
    expect(resetErrorIsSilent(firebaseError('auth/too-many-requests'))).toBe(false);
  });
});
