/** A session made without the sign-in page, for the tests that are not about signing in: the
 *  Auth emulator's password sign-in, kept where Firebase Auth keeps a session in the browser, so
 *  the page opens as it does for a person who signed in on an earlier visit
 *  (docs/decisions/0155-stored-session-for-tests-not-about-signing-in.md). */
import type { Page } from '@playwright/test';
import { HOST, PORTS } from '../../emulators/local-config';
import { STORED_USER_ID_KEY } from '../../src/session/stored-user-id';
import { expect } from './fixtures.testing';

/** The emulators build's Firebase API key (.env.emulators). */
const API_KEY = 'demo-api-key';

interface PasswordSignIn {
  localId: string;
  idToken: string;
  refreshToken: string;
  /** Seconds the ID token lives. */
  expiresIn: string;
}

/** A sign-in through Auth's REST API, as the SDK makes it (the ID token carries the account's
 *  claims). */
export async function passwordSignIn({ email, password }: { email: string; password: string }): Promise<PasswordSignIn> {
  const response = await fetch(
    `http://${HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(response.ok).toBe(true);
  return (await response.json()) as PasswordSignIn;
}

/** Opens `path` signed in as the account. The session is written as Firebase Auth's web SDK
 *  persists one (IndexedDB `firebaseLocalStorageDb`, the user's JSON under its API key), with the
 *  site's stored user id beside it (src/session/stored-user-id.ts), from a static file of the site's
 *  origin; the SDK reloads the account from the Auth emulator when the page starts, as on any
 *  return visit. What follows a sign-in through the form (the accountEmail call) does not run:
 *  a test of signing in, or of what follows it, uses signInThroughPage. */
export async function openSignedIn(page: Page, account: { email: string; password: string }, path: string): Promise<void> {
  const session = await passwordSignIn(account);
  await page.goto('/favicon.svg');
  await page.evaluate(
    async ({ session, email, apiKey, storedUserIdKey }) => {
      const now = Date.now();
      const user = {
        uid: session.localId,
        email,
        emailVerified: false,
        isAnonymous: false,
        providerData: [{ providerId: 'password', uid: email, displayName: null, email, phoneNumber: null, photoURL: null }],
        stsTokenManager: {
          refreshToken: session.refreshToken,
          accessToken: session.idToken,
          expirationTime: now + Number(session.expiresIn) * 1000,
        },
        createdAt: String(now),
        lastLoginAt: String(now),
        apiKey,
        appName: '[DEFAULT]',
      };
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const write = open.result.transaction('firebaseLocalStorage', 'readwrite');
          write.objectStore('firebaseLocalStorage').put({ fbase_key: `firebase:authUser:${apiKey}:[DEFAULT]`, value: user });
          write.oncomplete = () => {
            open.result.close();
            resolve();
          };
          write.onerror = () => reject(write.error);
        };
      });
      localStorage.setItem(storedUserIdKey, session.localId);
    },
    { session, email: account.email, apiKey: API_KEY, storedUserIdKey: STORED_USER_ID_KEY },
  );
  await page.goto(path);
}
