/**
 * The one place that creates the Firebase app, Auth and Database clients. Everything is loaded on
 * first use with dynamic imports, so pages that never touch Firebase (the landing page among them)
 * carry none of its code.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Database } from 'firebase/database';
import { startAppCheck } from './app-check';
import { emulators, firebaseOptions } from './config';

/** The Firebase clients cannot be created (the build has no Firebase configuration). */
export class FirebaseSetupError extends Error {
  constructor() {
    super('The identity/database client is not initialised. Please try again.');
    this.name = 'FirebaseSetupError';
  }
}

let app: Promise<FirebaseApp> | undefined;
let auth: Promise<Auth> | undefined;
let database: Promise<Database> | undefined;
let visitor: Promise<VisitorClients> | undefined;

/** Forget a failed attempt so the next call tries again instead of repeating the failure. */
function retryable<T>(promise: Promise<T>, reset: () => void): Promise<T> {
  promise.catch(reset);
  return promise;
}

async function createApp(name?: string): Promise<FirebaseApp> {
  const options = firebaseOptions();
  if (!options) throw new FirebaseSetupError();
  const { getApps, initializeApp } = await import('firebase/app');
  // An app whose first use failed halfway (say, its Auth code did not download) still exists.
  const existing = getApps().find((created) => created.name === (name ?? '[DEFAULT]'));
  if (existing) return existing;
  const created = initializeApp(options, name);
  await startAppCheck(created);
  return created;
}

async function createAuth(firebaseApp: FirebaseApp): Promise<Auth> {
  const { getAuth, connectAuthEmulator } = await import('firebase/auth');
  const client = getAuth(firebaseApp);
  if (emulators) connectAuthEmulator(client, emulators.authUrl, { disableWarnings: true });
  return client;
}

async function createDatabase(firebaseApp: FirebaseApp): Promise<Database> {
  const sdk = await import('firebase/database');
  // WebSockets in every mode, the same code path locally and in production: the site's CSP does
  // not let the SDK's long polling (JSONP scripts and a frame from the database host) run, so a
  // browser that once recorded a failed socket would otherwise retry on long polling forever
  // (docs/decisions/0074-database-transports.md).
  sdk.forceWebSockets();
  const client = sdk.getDatabase(firebaseApp);
  if (emulators) sdk.connectDatabaseEmulator(client, emulators.database.host, emulators.database.port);
  return client;
}

export function getFirebaseApp(): Promise<FirebaseApp> {
  app ??= retryable(createApp(), () => (app = undefined));
  return app;
}

export function getAuthClient(): Promise<Auth> {
  auth ??= retryable(getFirebaseApp().then(createAuth), () => (auth = undefined));
  return auth;
}

export function getDatabaseClient(): Promise<Database> {
  database ??= retryable(getFirebaseApp().then(createDatabase), () => (database = undefined));
  return database;
}

/** The Realtime Database SDK's functions, which the client's callers need beside it. */
export type DatabaseSdk = typeof import('firebase/database');

/** The database client together with the SDK's functions, both loaded on first use. */
export function getDatabaseWithSdk(): Promise<[Database, DatabaseSdk]> {
  return Promise.all([getDatabaseClient(), import('firebase/database')]);
}

/** The visitor the public forms act as. */
export interface VisitorClients {
  /** The anonymous Auth user of this browser, whom the `submitForm` function counts submissions against. */
  uid: string;
  /** A current ID token of that user, for the function's Authorization header. */
  idToken(): Promise<string>;
}

/**
 * The public forms' own Firebase app, signed in anonymously (docs/decisions/0071-anonymous-visitor-quota.md,
 * docs/decisions/0111-submissions-through-the-server.md). Being a second app, its anonymous user is
 * never the site's session: the account area, checkout and the header only ever see the default
 * app's Auth, where people sign in with a password. The anonymous user is kept by the browser, so
 * one visitor stays one visitor across visits. The forms reach the database only through the
 * function, so this app opens no database connection.
 */
export function getVisitorClients(): Promise<VisitorClients> {
  visitor ??= retryable(
    (async () => {
      const visitorApp = await createApp('visitor');
      const [visitorAuth, { signInAnonymously }] = await Promise.all([createAuth(visitorApp), import('firebase/auth')]);
      await visitorAuth.authStateReady();
      const user = visitorAuth.currentUser ?? (await signInAnonymously(visitorAuth)).user;
      return { uid: user.uid, idToken: () => user.getIdToken() };
    })(),
    () => (visitor = undefined),
  );
  return visitor;
}
