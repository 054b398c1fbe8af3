/**
 * App Check (docs/decisions/0124-app-check.md): proves to the database and the functions that a
 * request comes from this site. Which provider a build uses is decided here from its settings:
 * - a production build with VITE_APP_CHECK_SITE_KEY: reCAPTCHA Enterprise, tokens refreshed
 *   automatically;
 * - any other build with VITE_APP_CHECK_DEBUG_TOKEN (a debug token registered in the console): the
 *   debug provider, for a development build against a real project; never in production;
 * - otherwise none: the local stack has no App Check service, and a plain build without the key
 *   has no Firebase configuration either.
 * Loaded only with the Firebase app (src/firebase/clients.ts), never by the landing page.
 */
import type { FirebaseApp } from 'firebase/app';
import { appCheckSetup, BUILD_APP_CHECK_SETTINGS, provideAppCheckTokens, type AppCheckSetup } from './app-check-setup';

/** Starts App Check for `app` when the build asks for it; before Auth and the database are made,
 *  so both attach its tokens. */
export async function startAppCheck(app: FirebaseApp, setup: AppCheckSetup = appCheckSetup(BUILD_APP_CHECK_SETTINGS)): Promise<void> {
  if (setup === null) return;
  if (setup.provider === 'debug') {
    (globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string }).FIREBASE_APPCHECK_DEBUG_TOKEN = setup.debugToken;
  }
  const { initializeAppCheck, getToken, ReCaptchaEnterpriseProvider, CustomProvider } = await import('firebase/app-check');
  const provider =
    setup.provider === 'recaptcha-enterprise'
      ? new ReCaptchaEnterpriseProvider(setup.siteKey)
      : // With FIREBASE_APPCHECK_DEBUG_TOKEN set, the SDK swaps any provider for its debug one.
        new CustomProvider({ getToken: () => Promise.reject(new Error('App Check debug provider expected')) });
  const appCheck = initializeAppCheck(app, { provider, isTokenAutoRefreshEnabled: true });
  provideAppCheckTokens(() =>
    getToken(appCheck).then(
      (result) => result.token,
      () => null,
    ),
  );
}
