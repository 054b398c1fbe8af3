/**
 * The one place that creates the Firebase app, Auth and Database clients. Everything is loaded on
 * first use with dynamic imports, so pages that never touch Firebase (the landing page among them)
 * carry none of its code.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Database } from 'firebase/database';
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

/** Forget a failed attempt so the next call tries again instead of repeating the failure. */
function retryable<T>(promise: Promise<T>, reset: () => void): Promise<T> {
  promise.catch(reset);
  return promise;
}

export function getFirebaseApp(): Promise<FirebaseApp> {
  app ??= retryable(
    (async () => {
      const options = firebaseOptions();
      if (!options) throw new FirebaseSetupError();
      const { initializeApp } = await import('firebase/app');
      return initializeApp(options);
    })(),
    () => (app = undefined),
  );
  return app;
}

export function getAuthClient(): Promise<Auth> {
  auth ??= retryable(
    (async () => {
      const [firebaseApp, { getAuth, connectAuthEmulator }] = await Promise.all([getFirebaseApp(), import('firebase/auth')]);
      const client = getAuth(firebaseApp);
      if (emulators) connectAuthEmulator(client, emulators.authUrl, { disableWarnings: true });
      return client;
    })(),
    () => (auth = undefined),
  );
  return auth;
}

export function getDatabaseClient(): Promise<Database> {
  database ??= retryable(
    (async () => {
      const [firebaseApp, sdk] = await Promise.all([getFirebaseApp(), import('firebase/database')]);
      if (emulators) {
        // The local emulator speaks WebSocket only; never fall back to long polling.
        sdk.forceWebSockets();
      }
      const client = sdk.getDatabase(firebaseApp);
      if (emulators) sdk.connectDatabaseEmulator(client, emulators.database.host, emulators.database.port);
      return client;
    })(),
    () => (database = undefined),
  );
  return database;
}
