import type { FirebaseOptions } from 'firebase/app';
import { envValue } from '@/config/env-value';

const env = import.meta.env;

/** The Firebase project the site talks to, from VITE_FIREBASE_* (see .env.example).
 *  Null when the build was made without them: the features that need Firebase then report a
 *  setup error instead of failing somewhere deep inside the SDK. */
export function firebaseOptions(): FirebaseOptions | null {
  const options: FirebaseOptions = {
    apiKey: envValue(env.VITE_FIREBASE_API_KEY),
    authDomain: envValue(env.VITE_FIREBASE_AUTH_DOMAIN),
    databaseURL: envValue(env.VITE_FIREBASE_DATABASE_URL),
    projectId: envValue(env.VITE_FIREBASE_PROJECT_ID),
    appId: envValue(env.VITE_FIREBASE_APP_ID),
  };
  const complete = options.apiKey && options.authDomain && options.databaseURL && options.projectId;
  return complete ? options : null;
}

/** Local emulators, when the build says to use them (`npm start` and the tests do), at the
 *  addresses the Vite plugin in scripts/hosting-preview.ts gives such a build. No default address
 *  here: a production build then holds none (`npm run deploy:check` looks). */
const authEmulatorUrl = envValue(env.VITE_AUTH_EMULATOR_URL);
const databaseEmulatorHost = envValue(env.VITE_DATABASE_EMULATOR_HOST);
export const emulators =
  env.VITE_USE_EMULATORS === 'true' && authEmulatorUrl && databaseEmulatorHost
    ? { authUrl: authEmulatorUrl, database: parseHost(databaseEmulatorHost) }
    : null;

function parseHost(hostPort: string) {
  const colon = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, colon), port: Number(hostPort.slice(colon + 1)) };
}

/** Where the HTTPS cloud functions (stripeCheckout) answer, without a trailing slash.
 *  VITE_FUNCTIONS_URL when set (the local stack points it at the Functions emulator); otherwise
 *  the default address of functions deployed to the default region, https://us-central1-<projectId>.cloudfunctions.net.
 *  Null when neither is known: checkout then reports a setup error instead of posting nowhere. */
export function functionsBaseUrl(): string | null {
  const configured = env.VITE_FUNCTIONS_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const projectId = env.VITE_FIREBASE_PROJECT_ID?.trim();
  return projectId ? `https://us-central1-${projectId}.cloudfunctions.net` : null;
}
