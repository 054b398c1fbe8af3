// Cloud Functions database triggers, delivered to firebase-tools' Functions emulator without the
// official (Java) database emulator (emulators/rtdb/docs/protocol.md#functions-triggers).
//
// Triggers come from two places, whichever has them first:
//   - registrations POSTed to /.settings/functionTriggers.json, as the Functions emulator sends
//     them to a database emulator that firebase-tools started itself;
//   - the Functions emulator's own list, GET /backends, polled at its address.
// A write that changes a location matching a trigger's path (and namespace) is POSTed to
// /functions/projects/{project}/triggers/{key} as the legacy event (v1) or CloudEvent (v2) that
// firebase-functions expects. These are firebase-tools internals, not a documented API: the
// version they were read from is FIREBASE_TOOLS_VERSION, and emulators/rtdb/conformance/triggers.test.ts
// fails when they change.

import { randomUUID } from 'node:crypto';
import { type ExportJson, type Path, childKeys, deepEqual, getAt, isObj, plainJson } from './tree';
import type { AuthState, Namespace } from './namespace';

/** The firebase-tools release whose Functions emulator internals this module was written against. */
export const FIREBASE_TOOLS_VERSION = '15.34.2';

export type EventKind = 'write' | 'create' | 'update' | 'delete';

const V1_PREFIX = 'providers/google.firebase.database/eventTypes/ref.';
const V2_TYPES: Record<string, EventKind> = {
  'google.firebase.database.ref.v1.written': 'write',
  'google.firebase.database.ref.v1.created': 'create',
  'google.firebase.database.ref.v1.updated': 'update',
  'google.firebase.database.ref.v1.deleted': 'delete',
};

/** One path segment of a trigger's path or namespace pattern. */
type Segment =
  { kind: 'literal'; value: string } | { kind: 'one'; name: string | null; glob?: RegExp } | { kind: 'many'; name: string | null };

export interface DatabaseTrigger {
  /** The key the Functions emulator routes on, e.g. "us-central1-onScore-0". */
  key: string;
  /** The function's id as the Functions emulator lists it (the key without its generation). */
  id: string;
  project: string;
  v2: boolean;
  kind: EventKind;
  /** The event type as the function declared it. */
  eventType: string;
  /** The path pattern as declared ("/scores/{uid}", "users/{uid=**}"). */
  path: string;
  /** v1: the one namespace; v2: a pattern ("*", "inst-{n}") or a name. */
  namespace: string;
  /** Where it came from. */
  source: 'settings' | 'backends';
  /** The Functions emulator that runs it ("host:port"); null when none is known. */
  functions: string | null;
  pathSegments: Segment[];
  namespaceSegments: Segment[] | null;
}

export interface TriggerStats {
  delivered: number;
  failed: number;
  pending: number;
  lastError: string | null;
}

function parsePattern(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter((s) => s !== '')
    .map((part): Segment => {
      const capture = /^\{([^/{}=]+)(=\*\*)?\}$/.exec(part);
      if (capture) return capture[2] ? { kind: 'many', name: capture[1] } : { kind: 'one', name: capture[1] };
      if (part === '**') return { kind: 'many', name: null };
      if (part === '*') return { kind: 'one', name: null };
      // "shop-{n}", "inst-*": one segment, with `{…}` and `*` matching any characters.
      if (/[*{]/.test(part)) {
        const source = part
          .split(/\{[^/{}]*\}|\*/)
          .map((lit) => lit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*');
        return { kind: 'one', name: null, glob: new RegExp(`^${source}$`) };
      }
      return { kind: 'literal', value: part };
    });
}

/** Captures of `segments` against `path`, or null when it does not match. `**` takes zero or more. */
function matchPattern(segments: Segment[], path: string[]): Record<string, string> | null {
  const go = (si: number, pi: number, acc: Record<string, string>): Record<string, string> | null => {
    if (si === segments.length) return pi === path.length ? acc : null;
    const s = segments[si];
    if (s.kind === 'many') {
      for (let end = path.length; end >= pi; end--) {
        const r = go(si + 1, end, s.name ? { ...acc, [s.name]: path.slice(pi, end).join('/') } : acc);
        if (r) return r;
      }
      return null;
    }
    if (pi === path.length) return null;
    if (s.kind === 'literal') return s.value === path[pi] ? go(si + 1, pi + 1, acc) : null;
    if (s.glob && !s.glob.test(path[pi])) return null;
    return go(si + 1, pi + 1, s.name ? { ...acc, [s.name]: path[pi] } : acc);
  };
  return go(0, 0, {});
}

export function namespaceMatches(t: DatabaseTrigger, ns: string): boolean {
  if (t.namespaceSegments === null) return t.namespace === ns;
  return matchPattern(t.namespaceSegments, [ns]) !== null;
}

/** Every location matching `segments` that a write at `written` may have changed, found in `root`:
 *  on the written path itself (an ancestor of or the written location) or below it. A `{name=**}`
 *  segment at the end stands for the written location (one event per write, not one per ancestor),
 *  or for each child when the write is above it; elsewhere it is taken as one segment. */
function candidates(segments: Segment[], written: Path, root: ExportJson, out: Map<string, Path>): void {
  const walk = (si: number, path: Path, node: ExportJson): void => {
    if (si === segments.length) {
      out.set(path.join('/'), path);
      return;
    }
    const s = segments[si];
    const depth = path.length;
    if (s.kind === 'many' && si === segments.length - 1 && depth < written.length) {
      out.set(written.join('/'), written);
      return;
    }
    const keys = depth < written.length ? [written[depth]] : s.kind === 'literal' ? [s.value] : childKeys(node);
    for (const k of keys) {
      if (s.kind === 'literal' && s.value !== k) continue;
      if (s.kind === 'one' && s.glob && !s.glob.test(k)) continue;
      const child = isObj(node) ? (node[k] ?? null) : null;
      if (depth >= written.length && child === null) continue;
      walk(si + 1, [...path, k], child);
    }
  };
  walk(0, [], root);
}

/** The value without priorities, as plain JSON (what an event carries). */
function plain(node: ExportJson): unknown {
  return node === null ? null : (JSON.parse(plainJson(node)) as unknown);
}

/** What to merge into `before` (firebase-functions' applyChange) to get `after`: the children that
 *  changed, null for the removed ones. */
function delta(before: unknown, after: unknown): unknown {
  const obj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (!obj(before) || !obj(after)) return after;
  const out: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(k in after)) out[k] = null;
    else if (!(k in before)) out[k] = after[k];
    else if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) out[k] = delta(before[k], after[k]);
  }
  return out;
}

function kindOf(before: unknown, after: unknown): EventKind[] {
  if (before === null && after !== null) return ['write', 'create'];
  if (before !== null && after === null) return ['write', 'delete'];
  return ['write', 'update'];
}

/** A trigger from a registration body (`{name, path, event, topic, namespacePattern?}`). */
export function triggerFromRegistration(body: unknown, ns: string, functions: string | null): DatabaseTrigger | null {
  if (!isRecord(body)) return null;
  const { name, path, event, namespacePattern } = body;
  if (typeof name !== 'string' || typeof path !== 'string' || typeof event !== 'string') return null;
  // projects/{project}/locations/_/functions/{key} (v1) or projects/{p}/locations/{region}/triggers/{key} (v2)
  const m = /^projects\/([^/]+)\/locations\/[^/]+\/(?:functions|triggers)\/([^/]+)$/.exec(name);
  if (!m) return null;
  const v2 = typeof namespacePattern === 'string';
  const kind = v2 ? V2_TYPES[event] : event.startsWith(V1_PREFIX) ? (event.slice(V1_PREFIX.length) as EventKind) : undefined;
  if (!kind || !['write', 'create', 'update', 'delete'].includes(kind)) return null;
  const key = m[2];
  return makeTrigger({
    key,
    id: key.replace(/-\d+(-[^-]+)?$/, ''),
    project: m[1],
    v2,
    kind,
    eventType: event,
    path,
    namespace: v2 ? namespacePattern : ns,
    source: 'settings',
    functions,
  });
}

function makeTrigger(t: Omit<DatabaseTrigger, 'pathSegments' | 'namespaceSegments'>): DatabaseTrigger {
  return {
    ...t,
    pathSegments: parsePattern(t.path),
    namespaceSegments: t.v2 && /[*{]/.test(t.namespace) ? parsePattern(t.namespace) : null,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The database triggers in a `GET /backends` answer (firebase-tools' toBackendInfo), without keys. */
export function triggersFromBackends(body: unknown): Omit<DatabaseTrigger, 'key' | 'project' | 'functions' | 'source'>[] {
  const out: Omit<DatabaseTrigger, 'key' | 'project' | 'functions' | 'source'>[] = [];
  if (!isRecord(body) || !Array.isArray(body.backends)) throw new Error('GET /backends: no "backends" array');
  for (const backend of body.backends) {
    if (!isRecord(backend) || !Array.isArray(backend.functionTriggers)) continue;
    for (const def of backend.functionTriggers) {
      if (!isRecord(def) || typeof def.id !== 'string' || !isRecord(def.eventTrigger)) continue;
      const et = def.eventTrigger;
      if (typeof et.eventType !== 'string') continue;
      if (et.eventType.startsWith(V1_PREFIX)) {
        const resource = typeof et.resource === 'string' ? et.resource : isRecord(et.eventFilters) ? et.eventFilters.resource : undefined;
        const m = typeof resource === 'string' ? /^projects\/[^/]+\/instances\/([^/]+)\/refs(\/.*)?$/.exec(resource) : null;
        if (!m) continue;
        const path = m[2] ?? '/';
        out.push({
          id: def.id,
          v2: false,
          kind: et.eventType.slice(V1_PREFIX.length) as EventKind,
          eventType: et.eventType,
          path,
          namespace: m[1],
          pathSegments: parsePattern(path),
          namespaceSegments: null,
        });
      } else if (V2_TYPES[et.eventType]) {
        const filters = isRecord(et.eventFilters) ? et.eventFilters : {};
        const patterns = isRecord(et.eventFilterPathPatterns) ? et.eventFilterPathPatterns : {};
        const instance = filters.instance ?? patterns.instance;
        const ref = patterns.ref;
        if (typeof instance !== 'string' || typeof ref !== 'string') continue;
        out.push({
          id: def.id,
          v2: true,
          kind: V2_TYPES[et.eventType],
          eventType: et.eventType,
          path: ref,
          namespace: instance,
          pathSegments: parsePattern(ref),
          namespaceSegments: /[*{]/.test(instance) ? parsePattern(instance) : null,
        });
      }
    }
  }
  return out;
}

/** The trigger keys the Functions emulator knows, from the text of its 404 for an unknown key:
 *  "Function X does not exist, valid functions are: a-0, b-0". */
export function keysFromNotFound(text: string): string[] | null {
  const m = /valid functions are: ?(.*)$/s.exec(text.trim());
  if (!m) return null;
  return m[1]
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The key of function `id` among `keys`: `<id>-<generation>`, the newest generation. */
export function keyFor(id: string, keys: string[]): string | null {
  let best: string | null = null;
  let bestGen = -1;
  for (const k of keys) {
    if (!k.startsWith(`${id}-`)) continue;
    const m = /^(\d+)(-.*)?$/.exec(k.slice(id.length + 1));
    if (m && Number(m[1]) > bestGen) {
      bestGen = Number(m[1]);
      best = k;
    }
  }
  return best;
}

export interface TriggerOptions {
  /** The Functions emulator ("host:port"): where events go and whose /backends is polled. */
  functions?: string | null;
  /** The project id put in the trigger route for discovered triggers. */
  project?: string;
  log: (msg: string) => void;
  /** The database emulator's "host:port" (for the CloudEvent's firebasedatabasehost). */
  databaseHost: () => string;
  /** How often /backends is asked, in ms (default 1000 until it answers, then 2000). */
  pollMs?: number;
}

/** Events in flight to the Functions emulator at once; the rest wait in order. firebase-tools
 *  starts another function worker process for every concurrent event, so an unbounded burst
 *  (a thousand writes) would start hundreds of processes. */
export const MAX_IN_FLIGHT = 8;

interface PendingEvent {
  trigger: DatabaseTrigger;
  body: unknown;
}

export class TriggerRegistry {
  private readonly settings = new Map<string, DatabaseTrigger>();
  private discovered: DatabaseTrigger[] = [];
  private discoveredSignature = '';
  readonly stats: TriggerStats = { delivered: 0, failed: 0, pending: 0, lastError: null };
  private pollTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private idle: (() => void)[] = [];
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];
  /** Whether the Functions emulator's /backends answered the last time it was asked. */
  backendsReachable = false;

  constructor(private readonly options: TriggerOptions) {}

  get functions(): string | null {
    return this.options.functions ?? null;
  }

  list(): DatabaseTrigger[] {
    const keys = new Set(this.settings.keys());
    return [...this.settings.values(), ...this.discovered.filter((t) => !keys.has(t.key))];
  }

  /** A registration POSTed to /.settings/functionTriggers.json for namespace `ns`. */
  register(body: unknown, ns: string): DatabaseTrigger {
    const t = triggerFromRegistration(body, ns, this.functions);
    if (!t) throw new Error('Not a database trigger registration: expected {name, path, event, topic[, namespacePattern]}');
    this.settings.set(t.key, t);
    if (!this.functions) this.options.log(`trigger ${t.key} registered, but no Functions emulator address is known (--functions)`);
    else this.options.log(`trigger ${t.key} registered: ${t.eventType} at ${t.path} (namespace ${t.namespace})`);
    return t;
  }

  /** Points the registry at a Functions emulator ("host:port"), reads its list now, and keeps
   *  polling it. */
  async connect(functions: string): Promise<void> {
    this.options.functions = functions;
    for (const t of this.settings.values()) t.functions = functions;
    await this.refresh(true);
    this.startDiscovery();
  }

  startDiscovery(): void {
    if (!this.functions || this.pollTimer || this.stopped) return;
    const tick = async () => {
      this.pollTimer = null;
      try {
        await this.refresh();
      } catch (e) {
        if (this.backendsReachable) this.options.log(`Functions emulator at ${this.functions}: ${(e as Error).message}`);
        this.backendsReachable = false;
      }
      if (!this.stopped) {
        this.pollTimer = setTimeout(() => void tick(), this.options.pollMs ?? (this.backendsReachable ? 2000 : 1000));
        this.pollTimer.unref();
      }
    };
    void tick();
  }

  /** Reads /backends; when the database triggers changed, learns their keys. */
  async refresh(force = false): Promise<void> {
    const base = `http://${this.functions}`;
    const res = await fetch(`${base}/backends`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`GET /backends answered ${res.status}`);
    const found = triggersFromBackends(await res.json());
    this.backendsReachable = true;
    const signature = JSON.stringify(found.map((t) => [t.id, t.eventType, t.path, t.namespace]));
    if (!force && signature === this.discoveredSignature) return;
    let keys: string[] = [];
    if (found.length > 0) {
      const probe = await fetch(`${base}/functions/projects/${this.project()}/triggers/rtdb-emulator-key-probe`, {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
        signal: AbortSignal.timeout(3000),
      });
      const text = await probe.text();
      keys = (probe.status === 404 ? keysFromNotFound(text) : null) ?? [];
      if (probe.status !== 404 || keys.length === 0)
        this.options.log(
          `could not learn trigger keys from the Functions emulator (answered ${probe.status}); firebase-tools' internals changed? (written for ${FIREBASE_TOOLS_VERSION})`,
        );
    }
    const before = new Set(this.discovered.map((t) => t.key));
    this.discovered = found.map((t) =>
      makeTrigger({ ...t, key: keyFor(t.id, keys) ?? `${t.id}-0`, project: this.project(), functions: this.functions, source: 'backends' }),
    );
    this.discoveredSignature = signature;
    for (const t of this.discovered) {
      if (!before.has(t.key)) this.options.log(`trigger ${t.key} found: ${t.eventType} at ${t.path} (namespace ${t.namespace})`);
    }
  }

  private project(): string {
    return this.options.project ?? 'demo-no-project';
  }

  stop(): void {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  /** Resolves when no event is on its way. */
  settled(): Promise<void> {
    if (this.stats.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Before a commit that writes `written` in `ns`: captures the old values of every location a
   *  trigger watches there, and returns what to run after the commit (null when no trigger can fire). */
  beforeCommit(ns: Namespace, written: Path[], auth: AuthState): (() => void) | null {
    const triggers = this.list().filter((t) => namespaceMatches(t, ns.name));
    if (triggers.length === 0) return null;
    const patterns = new Map<string, { segments: Segment[]; triggers: DatabaseTrigger[] }>();
    for (const t of triggers) {
      const k = JSON.stringify(t.pathSegments);
      const entry = patterns.get(k) ?? { segments: t.pathSegments, triggers: [] };
      entry.triggers.push(t);
      patterns.set(k, entry);
    }
    const beforeValues = new Map<string, Map<string, unknown>>();
    for (const [k, p] of patterns) {
      const found = new Map<string, Path>();
      for (const w of written) candidates(p.segments, w, ns.root, found);
      const values = new Map<string, unknown>();
      for (const [loc, path] of found) values.set(loc, plain(getAt(ns.root, path)));
      beforeValues.set(k, values);
    }
    const time = new Date().toISOString();
    return () => {
      const events: PendingEvent[] = [];
      for (const [k, p] of patterns) {
        const found = new Map<string, Path>();
        for (const w of written) candidates(p.segments, w, ns.root, found);
        const before = beforeValues.get(k)!;
        for (const loc of before.keys()) if (!found.has(loc)) found.set(loc, loc === '' ? [] : loc.split('/'));
        for (const [loc, path] of found) {
          const b = before.get(loc) ?? null;
          const a = plain(getAt(ns.root, path));
          if (deepEqual(b as ExportJson, a as ExportJson)) continue;
          const kinds = kindOf(b, a);
          for (const t of p.triggers) {
            if (!kinds.includes(t.kind)) continue;
            events.push({ trigger: t, body: this.eventBody(t, ns.name, path, b, a, auth, time) });
          }
        }
      }
      for (const e of events) void this.deliver(e);
    };
  }

  private eventBody(t: DatabaseTrigger, ns: string, path: Path, before: unknown, after: unknown, auth: AuthState, time: string): unknown {
    const data = { data: before, delta: delta(before, after) };
    const ref = path.join('/');
    const authVar = auth.auth;
    const uid = authVar && typeof authVar.uid === 'string' ? authVar.uid : undefined;
    if (!t.v2) {
      // The legacy event firebase-tools' runtime hands to a v1 function as (data, context):
      // functionsEmulatorRuntime.js processBackground, firebase-functions v1/cloud-functions.js.
      return {
        eventId: randomUUID(),
        timestamp: time,
        eventType: t.eventType,
        resource: `projects/_/instances/${ns}/refs/${ref}`,
        auth: auth.admin ? { admin: true } : authVar ? { admin: false, variable: authVar } : { admin: false },
        data,
      };
    }
    // A structured CloudEvent with the database extension attributes firebase-functions reads
    // (v2/providers/database.js: instance, ref, firebasedatabasehost, authtype, authid).
    return {
      specversion: '1.0',
      id: randomUUID(),
      source: `//firebasedatabase.googleapis.com/projects/_/locations/us-central1/instances/${ns}`,
      type: t.eventType,
      time,
      subject: `refs/${ref}`,
      datacontenttype: 'application/json',
      data,
      instance: ns,
      ref,
      firebasedatabasehost: this.options.databaseHost(),
      location: 'us-central1',
      authtype: auth.admin ? 'admin' : authVar ? 'app_user' : 'unauthenticated',
      ...(uid !== undefined && !auth.admin ? { authid: uid } : {}),
    };
  }

  private async deliver(e: PendingEvent, retried = false): Promise<void> {
    const t = e.trigger;
    if (!t.functions) {
      this.stats.failed++;
      this.stats.lastError = `${t.key}: no Functions emulator address`;
      return;
    }
    this.stats.pending++;
    if (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.inFlight++;
    let retryWith: DatabaseTrigger | null = null;
    try {
      const res = await fetch(`http://${t.functions}/functions/projects/${t.project}/triggers/${t.key}`, {
        method: 'POST',
        body: JSON.stringify(e.body),
        headers: { 'Content-Type': 'application/json' },
        signal: AbortSignal.timeout(120_000),
      });
      const text = await res.text();
      if (res.status === 404 && !retried && t.source === 'backends') {
        // Reloaded functions get a new generation in their key: learn the keys again, retry once.
        await this.refresh(true).catch(() => {});
        const fresh = this.discovered.find((d) => d.id === t.id && d.eventType === t.eventType && d.path === t.path);
        if (fresh && fresh.key !== t.key) retryWith = fresh;
      }
      if (retryWith) {
        /* delivered again below */
      } else if (res.ok) this.stats.delivered++;
      else {
        this.stats.failed++;
        this.stats.lastError = `${t.key}: ${res.status} ${text.slice(0, 200)}`;
        this.options.log(`trigger ${t.key}: the Functions emulator answered ${res.status} ${text.slice(0, 200)}`);
      }
    } catch (err) {
      this.stats.failed++;
      this.stats.lastError = `${t.key}: ${(err as Error).message}`;
      this.options.log(`trigger ${t.key}: could not reach the Functions emulator at ${t.functions}: ${(err as Error).message}`);
    } finally {
      this.release();
      // A retry counts as pending before this one stops counting, so settled() does not resolve between.
      if (retryWith) void this.deliver({ ...e, trigger: retryWith }, true);
      this.stats.pending--;
      if (this.stats.pending === 0) for (const r of this.idle.splice(0)) r();
    }
  }

  private release(): void {
    if (this.inFlight === 0) return;
    this.inFlight--;
    this.queue.shift()?.();
  }

  /** For /.inspect/triggers.json. */
  describe(): unknown {
    return {
      functions: this.functions,
      backendsReachable: this.backendsReachable,
      firebaseToolsVersion: FIREBASE_TOOLS_VERSION,
      triggers: this.list().map((t) => ({
        key: t.key,
        id: t.id,
        platform: t.v2 ? 'gcfv2' : 'gcfv1',
        eventType: t.eventType,
        path: t.path,
        namespace: t.namespace,
        source: t.source,
      })),
      ...this.stats,
    };
  }
}
