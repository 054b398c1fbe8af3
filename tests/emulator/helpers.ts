// Shared helpers for the RTDB emulator conformance suite.
// Everything here talks to the emulator only through the public SDKs, raw WebSockets and HTTP,
// so the suite can be pointed at any emulator (ours or the official one).
import { inject } from 'vitest';
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  getDatabase,
  goOffline,
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onValue,
  type Database,
  type DataSnapshot,
  type Query,
} from 'firebase/database';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
  type App as AdminApp,
} from 'firebase-admin/app';
import { getDatabase as getAdminDatabase, type Database as AdminDatabase } from 'firebase-admin/database';
import { createRequire } from 'node:module';
import WebSocket from 'ws';

// ---------------------------------------------------------------------------------------------
// Emulator location
// ---------------------------------------------------------------------------------------------

/** host:port of the emulator under test. */
export const EMULATOR_HOST: string = inject('rtdbHost');
const lastColon = EMULATOR_HOST.lastIndexOf(':');
export const EMULATOR_HOSTNAME = EMULATOR_HOST.slice(0, lastColon).replace(/^\[|\]$/g, '');
export const EMULATOR_PORT = Number(EMULATOR_HOST.slice(lastColon + 1));

export const PROJECT_ID = 'demo-rtdb-conformance';

// Expected denials make the SDK log a warning each; keep the output readable unless asked
// (RTDB_TEST_VERBOSE=1). firebase-admin loads the CommonJS build of the logger, a separate instance.
if (!process.env.RTDB_TEST_VERBOSE) {
  setLogLevel('error');
  try {
    (createRequire(import.meta.url)('@firebase/logger') as { setLogLevel(l: string): void }).setLogLevel('error');
  } catch {
    /* not resolvable: keep the default level */
  }
}

let seq = 0;
/** A short unique id usable as a key, namespace or project id (lowercase letters, digits, '-'). */
export function uniqueId(prefix = 't'): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}${seq}`;
}

/** A fresh namespace name: every test file (or test) works in its own database. */
export function uniqueNs(prefix = 'test'): string {
  return uniqueId(prefix);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Waiting with clear failure messages
// ---------------------------------------------------------------------------------------------

/** Polls `predicate` until it returns a truthy value; fails with `message` after `timeoutMs`. */
export async function waitFor<T>(
  predicate: () => T | Promise<T>,
  message: string | (() => string),
  timeoutMs = 3000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await predicate();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      const text = typeof message === 'function' ? message() : message;
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for: ${text}` +
          (lastError ? ` (last error: ${String(lastError)})` : ''),
      );
    }
    await sleep(10);
  }
}

/** Rejects with a clear message if `promise` does not settle within `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Client SDK apps
// ---------------------------------------------------------------------------------------------

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
const openAdmins = new Set<AdminClient>();

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
  let closed = false;
  const client: Client = {
    app,
    db,
    ns,
    async close() {
      if (closed) return;
      closed = true;
      openClients.delete(client);
      try {
        goOffline(db);
      } catch {
        /* already gone */
      }
      await deleteApp(app);
    },
  };
  openClients.add(client);
  return client;
}

// ---------------------------------------------------------------------------------------------
// firebase-admin
// ---------------------------------------------------------------------------------------------

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
  let closed = false;
  const admin: AdminClient = {
    app,
    db,
    async close() {
      if (closed) return;
      closed = true;
      openAdmins.delete(admin);
      try {
        db.goOffline();
      } catch {
        /* ignore */
      }
      await deleteAdminApp(app);
    },
  };
  openAdmins.add(admin);
  return admin;
}

/** Closes every client, admin app and raw socket this file opened. Call from afterAll. */
export async function closeAll(): Promise<void> {
  const all = [...openClients, ...openAdmins];
  await Promise.allSettled(all.map((c) => c.close()));
  for (const s of openSockets) s.terminate();
  openSockets.clear();
}

// ---------------------------------------------------------------------------------------------
// Snapshot helpers
// ---------------------------------------------------------------------------------------------

/** Child keys of a snapshot in the SDK's iteration order. */
export function keysOf(snap: DataSnapshot): string[] {
  const keys: string[] = [];
  snap.forEach((c) => {
    keys.push(c.key as string);
    return false;
  });
  return keys;
}

/** The first `value` event of a query (a listen, not a get). */
export function firstValue(q: Query, timeoutMs = 4000): Promise<DataSnapshot> {
  return withTimeout(
    new Promise<DataSnapshot>((resolve, reject) => {
      onValue(q, resolve, reject, { onlyOnce: true });
    }),
    timeoutMs,
    `first value event for ${q.toString()}`,
  );
}

/** Waits until a listener on `q` sees a value satisfying `pred`; resolves with that snapshot. */
export function valueWhere(
  q: Query,
  pred: (snap: DataSnapshot) => boolean,
  what: string,
  timeoutMs = 4000,
): Promise<DataSnapshot> {
  let unsubscribe: () => void = () => {};
  let last: unknown = '(no event)';
  const p = new Promise<DataSnapshot>((resolve, reject) => {
    unsubscribe = onValue(
      q,
      (snap) => {
        last = snap.exportVal();
        if (pred(snap)) resolve(snap);
      },
      reject,
    );
  });
  return withTimeout(p, timeoutMs, `${what} (last value seen: ${JSON.stringify(last)})`).finally(() =>
    unsubscribe(),
  );
}

export type ChildEventType = 'child_added' | 'child_changed' | 'child_removed' | 'child_moved';
export interface ChildEvent {
  type: ChildEventType;
  key: string;
  prev: string | null | undefined;
  val: unknown;
}

/** Records child_* and value events on one query, in the order the SDK raises them. */
export class EventLog {
  readonly events: ChildEvent[] = [];
  readonly values: DataSnapshot[] = [];
  cancelError: (Error & { code?: string }) | null = null;
  private readonly unsubscribers: Array<() => void> = [];

  constructor(readonly query: Query) {
    const cancel = (e: Error) => {
      this.cancelError = e;
    };
    const rec = (type: ChildEventType) => (snap: DataSnapshot, prev?: string | null) => {
      this.events.push({ type, key: snap.key as string, prev, val: snap.exportVal() });
    };
    this.unsubscribers.push(onChildAdded(query, rec('child_added'), cancel));
    this.unsubscribers.push(onChildChanged(query, rec('child_changed'), cancel));
    this.unsubscribers.push(onChildRemoved(query, (snap) => rec('child_removed')(snap, undefined), cancel));
    this.unsubscribers.push(onChildMoved(query, rec('child_moved'), cancel));
    this.unsubscribers.push(onValue(query, (snap) => this.values.push(snap), cancel));
  }

  /** Keys of the latest value event. */
  lastKeys(): string[] | null {
    const last = this.values[this.values.length - 1];
    return last ? keysOf(last) : null;
  }

  /** Waits until the latest value event has exactly these child keys, in this order. */
  async waitForKeys(expected: string[], timeoutMs = 4000): Promise<void> {
    await waitFor(
      () => JSON.stringify(this.lastKeys()) === JSON.stringify(expected),
      () => `value event with keys ${JSON.stringify(expected)}; latest is ${JSON.stringify(this.lastKeys())}`,
      timeoutMs,
    );
  }

  /** Removes and returns the child events recorded so far, as compact "type key prev" strings. */
  take(): string[] {
    const out = this.events.splice(0).map((e) =>
      e.type === 'child_removed' ? `${e.type} ${e.key}` : `${e.type} ${e.key} ${e.prev ?? 'null'}`,
    );
    return out;
  }

  stop(): void {
    for (const u of this.unsubscribers.splice(0)) u();
  }
}

// ---------------------------------------------------------------------------------------------
// REST
// ---------------------------------------------------------------------------------------------

export interface RestResponse {
  status: number;
  text: string;
  headers: Headers;
  /** The body parsed as JSON (throws a clear error if it is not JSON). */
  json(): unknown;
}

export interface RestOptions {
  /** JSON value to send (serialised with JSON.stringify). */
  body?: unknown;
  /** Raw request body, sent as is. */
  rawBody?: string;
  /** Extra query parameters (besides ns). */
  query?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`. */
  bearer?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Builds http://HOST/<path>.json?ns=NS&... ; `path` segments are URL-encoded. */
export function restUrl(ns: string, path: string, query: Record<string, string> = {}): string {
  const segments = path.split('/').filter((s) => s.length > 0);
  const p = segments.map((s) => encodeURIComponent(s)).join('/');
  const url = new URL(`http://${EMULATOR_HOST}/${p}.json`);
  url.searchParams.set('ns', ns);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

export async function restRequest(url: string, method: string, options: RestOptions = {}): Promise<RestResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.bearer !== undefined) headers.Authorization = `Bearer ${options.bearer}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  const res = await fetch(url, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    headers: res.headers,
    json() {
      try {
        return JSON.parse(text);
      } catch {
        throw new Error(`${method} ${url} -> ${res.status}: body is not JSON: ${text.slice(0, 200)}`);
      }
    },
  };
}

export function rest(method: string, ns: string, path: string, options: RestOptions = {}): Promise<RestResponse> {
  return restRequest(restUrl(ns, path, options.query ?? {}), method, options);
}

/** Uploads database rules (raw text) to namespace `ns` as owner; throws on failure. */
export async function putRules(ns: string, rules: string | object): Promise<void> {
  const text = typeof rules === 'string' ? rules : JSON.stringify(rules);
  const url = `http://${EMULATOR_HOST}/.settings/rules.json?ns=${encodeURIComponent(ns)}`;
  const res = await restRequest(url, 'PUT', { rawBody: text, bearer: 'owner' });
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`Uploading rules to ns=${ns} failed: ${res.status} ${res.text}`);
  }
}

export function rulesUrl(ns: string): string {
  return `http://${EMULATOR_HOST}/.settings/rules.json?ns=${encodeURIComponent(ns)}`;
}

function base64url(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * An unsigned mock ID token in the same shape as @firebase/util createMockUserToken
 * (what rules-unit-testing sends): header {"alg":"none","type":"JWT"}, empty signature.
 */
export function mockIdToken(uid: string, claims: Record<string, unknown> = {}, projectId = PROJECT_ID): string {
  const header = { alg: 'none', type: 'JWT' };
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: 0,
    exp: 3600,
    auth_time: 0,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  };
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.`;
}

// ---------------------------------------------------------------------------------------------
// Raw WebSocket (wire protocol v5, see shared/rtdb-protocol.md §1-§2)
// ---------------------------------------------------------------------------------------------

const openSockets = new Set<WebSocket>();

export interface WireResponse {
  s: string;
  d?: unknown;
}

/** A raw protocol connection, reassembling the server's frame-count-prefixed messages. */
export class RawConnection {
  readonly messages: Array<Record<string, unknown>> = [];
  readonly unparsable: string[] = [];
  closeInfo: { code: number; reason: string } | null = null;
  private pendingFrames = 0;
  private buffer: string[] = [];
  private nextR = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      const frame = isBinary ? `<binary ${Buffer.from(data as Buffer).length} bytes>` : data.toString();
      this.onFrame(frame);
    });
    ws.on('close', (code: number, reason: Buffer) => {
      this.closeInfo = { code, reason: reason.toString() };
      openSockets.delete(ws);
    });
    ws.on('error', () => {
      /* surfaced through closeInfo */
    });
  }

  /** `host` (host:port) points it at another emulator than the suite's. */
  static async open(ns: string, query = `v=5&ns=${encodeURIComponent(ns)}`, host = EMULATOR_HOST): Promise<RawConnection> {
    const ws = new WebSocket(`ws://${host}/.ws?${query}`);
    openSockets.add(ws);
    const conn = new RawConnection(ws);
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      }),
      3000,
      `raw WebSocket to ws://${host}/.ws?${query} to open`,
    );
    return conn;
  }

  private onFrame(frame: string) {
    if (this.pendingFrames === 0 && frame.length <= 6 && /^\d+$/.test(frame)) {
      const n = Number(frame);
      if (n > 0) {
        this.pendingFrames = n;
        this.buffer = [];
      }
      return;
    }
    if (this.pendingFrames > 0) {
      this.buffer.push(frame);
      if (this.buffer.length < this.pendingFrames) return;
      frame = this.buffer.join('');
      this.pendingFrames = 0;
      this.buffer = [];
    }
    try {
      this.messages.push(JSON.parse(frame) as Record<string, unknown>);
    } catch {
      this.unparsable.push(frame);
    }
  }

  get isClosed(): boolean {
    return this.closeInfo !== null;
  }

  /** The handshake control message ({t:'c', d:{t:'h', d:{ts,v,h,s}}}); waits for it. */
  async handshake(timeoutMs = 3000): Promise<{ ts: number; v: string; h: string; s: string }> {
    const msg = await waitFor(
      () => this.messages[0],
      'the server to send the handshake as its first message',
      timeoutMs,
    );
    const d = msg.d as { t?: string; d?: { ts: number; v: string; h: string; s: string } } | undefined;
    if (msg.t !== 'c' || d?.t !== 'h' || !d.d) {
      throw new Error(`first server message is not a handshake: ${JSON.stringify(msg)}`);
    }
    return d.d;
  }

  sendFrame(frame: string | Buffer): void {
    this.ws.send(frame);
  }

  /** Sends a message, splitting it into 16384-character frames with a count prefix when long. */
  sendMessage(message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    const size = 16384;
    if (text.length <= size) {
      this.ws.send(text);
      return;
    }
    const parts: string[] = [];
    for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
    this.ws.send(String(parts.length));
    for (const p of parts) this.ws.send(p);
  }

  /** The reply to request number r, or null if none arrived (or the socket closed) in time. */
  async replyTo(r: number, timeoutMs = 3000): Promise<WireResponse | null> {
    const find = () =>
      this.messages.find((m) => {
        const d = m.d as { r?: number } | undefined;
        return m.t === 'd' && d?.r === r;
      });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = find();
      if (m) return (m.d as { b: WireResponse }).b;
      if (this.isClosed) return null;
      await sleep(10);
    }
    return find() ? ((find()!.d as { b: WireResponse }).b as WireResponse) : null;
  }

  /** Sends {t:'d', d:{r, a, b}} and waits for its reply (null on close or timeout). */
  async request(a: string, b: unknown, timeoutMs = 3000): Promise<WireResponse | null> {
    const r = this.nextR++;
    this.sendMessage({ t: 'd', d: { r, a, b } });
    return this.replyTo(r, timeoutMs);
  }

  /** Waits until the socket closes; resolves true if it closed within the time. */
  async waitClosed(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.isClosed) return true;
      await sleep(10);
    }
    return this.isClosed;
  }

  close(): void {
    if (!this.isClosed) this.ws.close();
  }
}
