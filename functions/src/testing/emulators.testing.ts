// For the handler tests only (nothing in index.ts imports it): the local services a test file runs
// against, each on free ports of 127.0.0.1, and the life of them over one file. The project's
// database emulator with a firebase-admin app on it and the EmailJS stand-in checking the private
// key. auth-emulator.testing.ts runs firebase-tools' Auth emulator; backends.testing.ts adds the
// Stripe stand-in, and checkout/store.testing.ts serves the store's functions on it.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { start as startEmailJs, type RunningEmailJs } from '@leopard/emailjs-stand-in';
import { start as startDatabase } from '@leopard/rtdb-emulator';
import type { MailSettings } from '../mail';

/** What a test file starts once and empties before each test. */
export interface Started {
  reset(): Promise<void> | void;
  close(): Promise<void>;
}

/** A test file's services: `start` runs in beforeAll, `reset` before each test, `close` in
 *  afterAll. The object is filled in by beforeAll: read its fields inside tests and hooks.
 *  Starting firebase-tools or syncing the Stripe catalogue takes seconds, more on a busy machine;
 *  hence the hooks' time. */
export function useForFile<T extends Started>(start: () => Promise<T>): T {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
  }, 120_000);
  afterAll(async () => {
    await started.close?.();
  }, 30_000);
  beforeEach(async () => {
    await started.reset();
  }, 30_000);
  return started;
}

export interface DatabaseApp extends Started {
  /** firebase-admin's app, and its database on the emulator (project and namespace `demo-<name>`). */
  app: App;
  database: Database;
  /** The emulator's address. */
  url: string;
}

/** The project's database emulator and a firebase-admin app on it (namespace `demo-<name>`, and
 *  project too unless given: the Auth emulator's, whose ID tokens the app is to accept);
 *  `reset` empties the database. */
export async function startDatabaseApp(name: string, projectId = `demo-${name}`): Promise<DatabaseApp> {
  const emulator = await startDatabase({ port: 0, quiet: true });
  const app = initializeApp({ projectId, databaseURL: `${emulator.url}?ns=demo-${name}` }, `${name}-${Date.now()}`);
  const database = getDatabase(app);
  return {
    app,
    database,
    url: emulator.url,
    async reset() {
      await database.ref().set(null);
    },
    async close() {
      await deleteApp(app);
      await emulator.stop();
    },
  };
}

export interface MailStandIn extends Started {
  emailjs: RunningEmailJs;
  /** The functions' mail settings for the stand-in, with its private key. */
  mail: MailSettings;
}

/** The EmailJS stand-in, accepting only `privateKey`, and the settings that send through it with
 *  every link built from `siteUrl`. */
export async function startMailStandIn(
  privateKey: string,
  siteUrl: string,
  options: { requirePrivateKey?: boolean } = {},
): Promise<MailStandIn> {
  const emailjs = await startEmailJs({ port: 0, quiet: true, privateKey, ...options });
  const mail: MailSettings = {
    privateKey,
    publicKey: 'test-public-key',
    serviceId: 'test-service',
    templateId: 'test-template',
    apiUrl: emailjs.url,
    siteUrl,
  };
  return { emailjs, mail, reset: () => emailjs.reset(), close: () => emailjs.stop() };
}
