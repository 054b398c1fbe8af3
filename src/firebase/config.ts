import type { FirebaseOptions } from 'firebase/app';

const env = import.meta.env;

/** The Firebase project the site talks to, from VITE_FIREBASE_* (see .env.example).
 *  Null when the build was made without them: the features that need Firebase then report a
 *  setup error instead of failing somewhere deep inside the SDK. */
export function firebaseOptions(): FirebaseOptions | null {
  const options: FirebaseOptions = {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    databaseURL: env.VITE_FIREBASE_DATABASE_URL,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    appId: env.VITE_FIREBASE_APP_ID || undefined,
  };
  const complete = options.apiKey && options.authDomain && options.databaseURL && options.projectId;
  return complete ? options : null;
}

/** Local emulators, when the build says to use them (`npm start` and the tests do). */
export const emulators =
  env.VITE_USE_EMULATORS === 'true'
    ? {
        authUrl: env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099',
        database: parseHost(env.VITE_DATABASE_EMULATOR_HOST ?? '127.0.0.1:9000'),
      }
    : null;

function parseHost(hostPort: string) {
  const [host = '127.0.0.1', port = '9000'] = hostPort.split(':');
  return { host, port: Number(port) };
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
