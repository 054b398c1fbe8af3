/**
 * The script of the test page (bundled by harness.ts with esbuild): the project's own `firebase`
 * package, exposed on `window` so tests can drive it with `page.evaluate`. `window.sdk` is the
 * modules as they are; `window.rtdb` is a few conveniences that keep their state in the page
 * (values seen by listeners, connection state) so tests can poll it.
 */
import * as firebaseApp from 'firebase/app';
import * as firebaseDatabase from 'firebase/database';

export interface ConnectOptions {
  /** Emulator host:port, e.g. "127.0.0.1:41234". */
  host: string;
  /** Database namespace (`?ns=`). */
  ns: string;
  /** `forceLongPolling()` / `forceWebSockets()` before the database is created (they are global
   *  to the page's SDK). Default: neither, the SDK chooses as in production. */
  transport?: 'long-polling' | 'websocket';
  /** `connectDatabaseEmulator`'s `mockUserToken`. */
  mockUserToken?: Parameters<typeof firebaseDatabase.connectDatabaseEmulator>[3] extends infer O
    ? O extends { mockUserToken?: infer T }
      ? T
      : never
    : never;
  /** SDK debug logging to the console (enableLogging). */
  log?: boolean;
}

export interface PageRtdb {
  /** Creates an app + database (one per page is the normal case); returns its key for the others. */
  connect(options: ConnectOptions): string;
  /** `.info/connected` values seen so far, per database key. */
  connected: Record<string, boolean[]>;
  set(key: string, path: string, value: unknown): Promise<void>;
  update(key: string, path: string, value: Record<string, unknown>): Promise<void>;
  get(key: string, path: string): Promise<unknown>;
  /** Starts an onValue listener; its values (exportVal) land in `values[id]`, errors in `errors[id]`. */
  listen(key: string, path: string, id?: string): string;
  unlisten(id: string): void;
  values: Record<string, unknown[]>;
  errors: Record<string, string>;
  onDisconnectSet(key: string, path: string, value: unknown): Promise<void>;
  goOffline(key: string): void;
  goOnline(key: string): void;
  /** Deletes the app. */
  close(key: string): Promise<void>;
}

declare global {
  interface Window {
    sdk: { app: typeof firebaseApp; database: typeof firebaseDatabase };
    rtdb: PageRtdb;
    /** Set when the script has run. */
    rtdbReady: boolean;
  }
}

const dbs = new Map<string, firebaseDatabase.Database>();
const apps = new Map<string, firebaseApp.FirebaseApp>();
const unsubscribers = new Map<string, () => void>();
let seq = 0;

function db(key: string): firebaseDatabase.Database {
  const d = dbs.get(key);
  if (!d) throw new Error(`no database "${key}"; call rtdb.connect first`);
  return d;
}

const rtdb: PageRtdb = {
  connected: {},
  values: {},
  errors: {},
  connect(options) {
    const key = `db${++seq}`;
    if (options.log) firebaseDatabase.enableLogging(true);
    if (options.transport === 'long-polling') firebaseDatabase.forceLongPolling();
    if (options.transport === 'websocket') firebaseDatabase.forceWebSockets();
    const app = firebaseApp.initializeApp(
      { projectId: 'demo-browser', appId: '1:123:web:abc', databaseURL: `http://${options.host}?ns=${options.ns}` },
      key,
    );
    const database = firebaseDatabase.getDatabase(app);
    const colon = options.host.lastIndexOf(':');
    firebaseDatabase.connectDatabaseEmulator(
      database,
      options.host.slice(0, colon),
      Number(options.host.slice(colon + 1)),
      options.mockUserToken !== undefined ? { mockUserToken: options.mockUserToken } : {},
    );
    apps.set(key, app);
    dbs.set(key, database);
    const seen: boolean[] = (rtdb.connected[key] = []);
    firebaseDatabase.onValue(firebaseDatabase.ref(database, '.info/connected'), (s) => seen.push(s.val() === true));
    return key;
  },
  async set(key, path, value) {
    await firebaseDatabase.set(firebaseDatabase.ref(db(key), path), value);
  },
  async update(key, path, value) {
    await firebaseDatabase.update(firebaseDatabase.ref(db(key), path), value);
  },
  async get(key, path) {
    return (await firebaseDatabase.get(firebaseDatabase.ref(db(key), path))).exportVal();
  },
  listen(key, path, id = `${key}:${path}`) {
    const values: unknown[] = (rtdb.values[id] = []);
    const off = firebaseDatabase.onValue(
      firebaseDatabase.ref(db(key), path),
      (s) => values.push(s.exportVal()),
      (e) => (rtdb.errors[id] = String(e)),
    );
    unsubscribers.set(id, off);
    return id;
  },
  unlisten(id) {
    unsubscribers.get(id)?.();
    unsubscribers.delete(id);
  },
  async onDisconnectSet(key, path, value) {
    await firebaseDatabase.onDisconnect(firebaseDatabase.ref(db(key), path)).set(value);
  },
  goOffline(key) {
    firebaseDatabase.goOffline(db(key));
  },
  goOnline(key) {
    firebaseDatabase.goOnline(db(key));
  },
  async close(key) {
    const app = apps.get(key);
    dbs.delete(key);
    apps.delete(key);
    if (app) await firebaseApp.deleteApp(app);
  },
};

window.sdk = { app: firebaseApp, database: firebaseDatabase };
window.rtdb = rtdb;
window.rtdbReady = true;
