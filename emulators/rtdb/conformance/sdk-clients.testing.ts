// Client-SDK and firebase-admin apps against the suite's emulator, each with its own connection,
// and closeAll for a test file's afterAll: it closes every app and raw socket the file opened.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline, type Database } from 'firebase/database';
import { afterAll } from 'vitest';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp, type App as AdminApp } from 'firebase-admin/app';
import { getDatabase as getAdminDatabase, type Database as AdminDatabase } from 'firebase-admin/database';
import { EMULATOR_HOST, PROJECT_ID, uniqueId } from './target.testing';
import { closeRawConnections } from './wire-client.testing';

type EmulatorOptions = NonNullable<Parameters<typeof connectDatabaseEmulator>[3]>;
export type MockUserToken = EmulatorOptions['mockUserToken'];

export interface Client {
  app: FirebaseApp;
  db: Database;
  ns: string;
  /** Deletes the app (closes its connection). Safe to call twice. */
  close(): Promise<void>;
}

const openClients = new Set<Client>();

/** A client's close(): the first call forgets it, takes it offline (it may be gone already) and
 *  deletes its app; later calls do nothing. */
function closeOnce(forget: () => void, offline: () => void, deleteIt: () => Promise<void>): () => Promise<void> {
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    forget();
    try {
      offline();
    } catch {
      /* already gone */
    }
    await deleteIt();
  };
}

/**
 * A new client-SDK app (own connection) against namespace `ns`.
 * Uses `databaseURL: http://HOST?ns=NS` plus `connectDatabaseEmulator`, like an app would.
 * `host` (host:port) points it at another emulator than the suite's.
 */
export function newClient(
  ns: string,
  options: { mockUserToken?: MockUserToken; projectId?: string; databaseURL?: string | null; host?: string } = {},
): Client {
  const projectId = options.projectId ?? PROJECT_ID;
  const host = options.host ?? EMULATOR_HOST;
  const appOptions: Record<string, string> = { projectId };
  if (options.databaseURL !== null) {
    appOptions.databaseURL = options.databaseURL ?? `http://${host}?ns=${ns}`;
  }
  const app = initializeApp(appOptions, uniqueId('app'));
  const db = getDatabase(app);
  const colon = host.lastIndexOf(':');
  connectDatabaseEmulator(
    db,
    host.slice(0, colon).replace(/^\[|\]$/g, ''),
    Number(host.slice(colon + 1)),
    options.mockUserToken !== undefined ? { mockUserToken: options.mockUserToken } : {},
  );
  const client: Client = {
    app,
    db,
    ns,
    close: closeOnce(
      () => openClients.delete(client),
      () => goOffline(db),
      () => deleteApp(app),
    ),
  };
  openClients.add(client);
  return client;
}

const openAdmins = new Set<AdminClient>();

export interface AdminClient {
  app: AdminApp;
  db: AdminDatabase;
  close(): Promise<void>;
}

/**
 * A firebase-admin app against namespace `ns` (through FIREBASE_DATABASE_EMULATOR_HOST, so it
 * authenticates as "owner"). `authOverride` maps to `databaseAuthVariableOverride`.
 */
export function newAdmin(ns: string, authOverride?: Record<string, unknown> | null): AdminClient {
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = EMULATOR_HOST;
  const options: Record<string, unknown> = {
    projectId: PROJECT_ID,
    databaseURL: `http://${EMULATOR_HOST}?ns=${ns}`,
  };
  if (authOverride !== undefined) options.databaseAuthVariableOverride = authOverride;
  const app = initializeAdminApp(options, uniqueId('admin'));
  const db = getAdminDatabase(app);
  const admin: AdminClient = {
    app,
    db,
    close: closeOnce(
      () => openAdmins.delete(admin),
      () => db.goOffline(),
      () => deleteAdminApp(app),
    ),
  };
  openAdmins.add(admin);
  return admin;
}

/** Closes every client, admin app and raw socket this file opened. Call from afterAll. */
export async function closeAll(): Promise<void> {
  const all = [...openClients, ...openAdmins];
  await Promise.allSettled(all.map((c) => c.close()));
  closeRawConnections();
}

/** A test file's `count` client-SDK databases of `ns`, each with its own connection (made on first
 *  use), and the file's `afterAll` that closes everything it opened. */
export function openDatabases(ns: string, count: number): Database[] {
  afterAll(closeAll);
  return Array.from({ length: count }, () => newClient(ns).db);
}
