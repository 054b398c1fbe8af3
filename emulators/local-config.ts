/** Where the local stack listens. The emulator ports come from firebase.json, so the official
 *  emulators and ours agree; .env.emulators gives the browser build the same addresses. */
import { readFileSync } from 'node:fs';

interface FirebaseJson {
  emulators: Record<string, { port?: number } | boolean>;
}

export const firebaseEmulators = (
  JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as FirebaseJson
).emulators;

function emulatorPort(name: string): number {
  const entry = firebaseEmulators[name];
  if (typeof entry !== 'object' || !entry.port) throw new Error(`firebase.json declares no port for the ${name} emulator`);
  return entry.port;
}

export const HOST = '127.0.0.1';
export const PROJECT_ID = 'demo-leopard';
export const DATABASE_NAMESPACE = `${PROJECT_ID}-default-rtdb`;
export const PORTS = {
  database: emulatorPort('database'),
  auth: emulatorPort('auth'),
  functions: emulatorPort('functions'),
  dev: 5173,
  preview: 4173,
  /** The EmailJS stand-in (emulators/emailjs), not a Firebase emulator. */
  emailjs: 12112,
  /** The Stripe stand-in (emulators/stripe): Stripe's REST API and a hosted test checkout. */
  stripe: 12111,
} as const;
export const DATABASE_URL = `http://${HOST}:${PORTS.database}?ns=${DATABASE_NAMESPACE}`;
export const FUNCTIONS_URL = `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/us-central1`;
/** What `@emailjs/browser` is pointed at locally (its `origin` option); production uses EmailJS. */
export const EMAILJS_URL = `http://${HOST}:${PORTS.emailjs}`;
/** What the functions' Stripe client is pointed at locally; production talks to api.stripe.com. */
export const STRIPE_URL = `http://${HOST}:${PORTS.stripe}`;
/** Local-only Stripe credentials: the stand-in accepts exactly these, and the functions read them
 *  from functions/.secret.local. They unlock nothing anywhere else. */
export const STRIPE_SECRET_KEY = 'sk_test_local_leopard';
export const STRIPE_WEBHOOK_SECRET = 'whsec_local_leopard';
/** Where the stand-in delivers its signed events: the stripeWebhook function. */
export const STRIPE_WEBHOOK_URL = `${FUNCTIONS_URL}/stripeWebhook`;
