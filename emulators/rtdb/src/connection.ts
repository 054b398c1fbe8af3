// One WebSocket client connection: framing, the request loop, auth, listens and onDisconnect.

import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { WireQuery } from './rules/types.js';
import { authFromToken, ruleQueryFromWire } from './rulesApi.js';
import { type AuthState, type Listener, type Logger, type Precondition, type RawWrite, ADMIN, Namespace, UNAUTHENTICATED } from './namespace.js';
import { type Path, DataError, MAX_DEPTH, childKeys, isObj, isPrefix, nestedDeeperThan, parsePath, pathToString, validatePath } from './tree.js';
import { checkQueryDepth, parseWireQuery } from './query.js';
import { nodeHash } from './hash.js';

const MAX_FRAME = 16384;

/** What one connection may send, and how long it may take (README "Limits"). */
export interface ConnectionLimits {
  /** Largest message in bytes: one frame, or the frames of a frame-count message together. */
  maxMessageBytes: number;
  /** A frame-count message must be complete this long after its count. */
  messageTimeoutMs: number;
  /** Closed after this long without a frame in either direction (the SDK sends "0" after 45 s). */
  idleTimeoutMs: number;
}

/** The request number at the start of a message (`{"t":"d","d":{"r":N,…`, as the SDK writes it). */
const REQUEST_NUMBER = /^\s*\{\s*"t"\s*:\s*"d"\s*,\s*"d"\s*:\s*\{\s*"r"\s*:\s*(\d+)/;

/** Turn credentials (`cred` plus optional `authvar`/`noauth`) into an auth state, or undefined. */
export function authFromCredential(cred: unknown, authvar?: unknown, noauth?: unknown): AuthState | undefined {
  if (typeof cred !== 'string') return undefined;
  if (cred === 'owner') {
    if (noauth === true) return { admin: false, auth: null };
    if (isObj(authvar) && !Array.isArray(authvar)) {
      return nestedDeeperThan(authvar, MAX_DEPTH) ? undefined : { admin: false, auth: authvar as Record<string, unknown> };
    }
    return ADMIN;
  }
  const a = authFromToken(cred);
  // Claims nested deeper than any data are refused like an unparsable token: the `auth` reply
  // echoes them (JSON.stringify recurses), and no real token has them.
  if (a === undefined || nestedDeeperThan(a, MAX_DEPTH)) return undefined;
  return { admin: false, auth: a };
}

/** Split a message into frames of at most MAX_FRAME UTF-16 units, never inside a surrogate pair. */
export function splitFrames(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    let end = Math.min(i + MAX_FRAME, s.length);
    if (end < s.length) {
      const c = s.charCodeAt(end - 1);
      if (c >= 0xd800 && c <= 0xdbff) end--;
    }
    out.push(s.slice(i, end));
    i = end;
  }
  return out;
}

interface Request {
  r?: unknown;
  a?: unknown;
  b?: unknown;
}

type Body = Record<string, unknown>;

export class Connection {
  private auth: AuthState = UNAUTHENTICATED;
  private readonly listens = new Map<string, Listener>();
  /** Pending onDisconnect writes, in registration order, never one at or below another's later one. */
  private onDisconnect: RawWrite[] = [];
  /** The fragments of a frame-count message so far (null: none under way). */
  private frames: string[] | null = null;
  private framesExpected = 0;
  private framesBytes = 0;
  /** The count announced more than the limit can hold: nothing is buffered, the message is refused. */
  private framesRefused = false;
  private fragmentTimer: NodeJS.Timeout | null = null;
  private readonly idleTimer: NodeJS.Timeout;
  /** Closing on a limit: later frames are ignored. */
  private shutting = false;
  private closed = false;
  readonly sessionId = randomBytes(12).toString('base64url');

  constructor(
    private readonly ws: WebSocket,
    private readonly ns: Namespace,
    host: string,
    private readonly log: Logger,
    private readonly limits: ConnectionLimits,
  ) {
    this.idleTimer = setTimeout(() => this.shut(1008, 'idle timeout'), limits.idleTimeoutMs).unref();
    this.sendRaw({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: host, s: this.sessionId } } });
  }

  // ------------------------------------------------------------------------------ framing

  private sendRaw(msg: unknown): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.idleTimer.refresh();
    const s = JSON.stringify(msg);
    if (s.length <= MAX_FRAME) {
      this.ws.send(s);
      return;
    }
    const frames = splitFrames(s);
    this.ws.send(String(frames.length));
    for (const f of frames) this.ws.send(f);
  }

  push(action: string, body: Record<string, unknown>): void {
    if (body.t === null || body.t === undefined) delete body.t;
    this.sendRaw({ t: 'd', d: { a: action, b: body } });
  }

  authState(): AuthState {
    return this.auth;
  }

  /** After an auth change: revoke this connection's listens that may no longer be read. */
  private recheckListens(): void {
    for (const l of [...this.listens.values()]) {
      if (!this.ns.mayRead(l.path, this.auth, l.wire ? ruleQueryFromWire(l.wire) : null)) this.revoke(l);
    }
  }

  revoke(l: Listener): void {
    const key = Connection.listenKey(l.pathStr, l.queryId);
    if (this.listens.get(key) === l) this.listens.delete(key);
    this.ns.listeners.delete(l);
    this.push('c', l.wire ? { p: l.pathStr, q: [l.wire] } : { p: l.pathStr });
  }

  private reply(r: unknown, s: string, d: unknown): void {
    if (typeof r !== 'number') return;
    this.sendRaw({ t: 'd', d: { r, b: { s, d } } });
  }

  /** One incoming WebSocket text frame of `bytes` bytes (ws refuses single frames over the limit). */
  onFrame(data: string, bytes = Buffer.byteLength(data)): void {
    if (this.shutting || this.closed) return;
    this.idleTimer.refresh();
    if (this.frames !== null) return this.addFragment(data, bytes);
    if (data.length <= 6) {
      const n = Number(data);
      if (data.trim() !== '' && Number.isInteger(n) && n >= 0) {
        if (n > 1) this.startFragments(n);
        return; // 0 is a keepalive; after 1 the next frame is a whole message anyway
      }
    }
    this.onMessage(data);
  }

  /** A frame count: the next n frames are one message, due within the message timeout. */
  private startFragments(n: number): void {
    this.frames = [];
    this.framesExpected = n;
    this.framesBytes = 0;
    // All fragments of an SDK message but the last have MAX_FRAME characters, each at least a
    // byte: a count that cannot fit the limit is refused before anything is buffered. Its first
    // fragment (sent right behind the count) is awaited only briefly, for the request number.
    this.framesRefused = (n - 1) * MAX_FRAME > this.limits.maxMessageBytes;
    const wait = this.framesRefused ? Math.min(1000, this.limits.messageTimeoutMs) : this.limits.messageTimeoutMs;
    this.fragmentTimer = setTimeout(() => {
      if (this.framesRefused) this.refuseTooBig(null);
      else this.shut(1008, 'incomplete message timed out');
    }, wait).unref();
  }

  private addFragment(data: string, bytes: number): void {
    const frames = this.frames!;
    this.framesBytes += bytes;
    if (this.framesRefused || this.framesBytes > this.limits.maxMessageBytes) return this.refuseTooBig(frames[0] ?? data);
    frames.push(data);
    if (frames.length < this.framesExpected) return;
    this.endFragments();
    this.onMessage(frames.join(''));
  }

  private endFragments(): void {
    this.frames = null;
    if (this.fragmentTimer) clearTimeout(this.fragmentTimer);
    this.fragmentTimer = null;
  }

  /** A message over the limit. Its request (numbered in the first fragment) is answered too_big
   *  first, so the SDK fails the write rather than sending it again after reconnecting. */
  private refuseTooBig(first: string | null): void {
    const r = first === null ? null : REQUEST_NUMBER.exec(first);
    if (r) this.reply(Number(r[1]), 'too_big', `Message exceeds the maximum size of ${this.limits.maxMessageBytes} bytes`);
    this.shut(1009, 'message too big');
  }

  /** Close on a limit. A peer that does not answer the close frame is cut off a second later. */
  private shut(code: number, reason: string): void {
    if (this.shutting || this.closed) return;
    this.shutting = true;
    this.endFragments();
    this.log(`closing connection ${this.sessionId}: ${reason}`);
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  private onMessage(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.log(`closing connection ${this.sessionId}: malformed JSON`);
      this.ws.close(1003, 'malformed JSON');
      return;
    }
    if (!isObj(msg)) {
      this.ws.close(1003, 'malformed message');
      return;
    }
    const m = msg as { t?: unknown; d?: unknown };
    if (m.t === 'c') {
      const d = m.d as { t?: unknown } | null;
      if (isObj(d) && d.t === 'p') this.sendRaw({ t: 'c', d: { t: 'o', d: {} } });
      return;
    }
    if (m.t !== 'd' || !isObj(m.d)) {
      this.ws.close(1003, 'malformed message');
      return;
    }
    const req = m.d as Request;
    try {
      this.handle(req);
    } catch (e) {
      if (e instanceof DataError) this.reply(req.r, e.status, e.message);
      else {
        this.log(`internal error handling ${String(req.a)}: ${(e as Error).stack}`);
        this.reply(req.r, 'internal_error', 'Internal server error: ' + (e as Error).message);
      }
    }
  }

  // ------------------------------------------------------------------------------ requests

  private handle(req: Request): void {
    const r = req.r;
    const b = (isObj(req.b) ? req.b : {}) as Body;
    switch (req.a) {
      case 's':
        return this.reply(r, 'ok', '');
      case 'auth':
      case 'gauth': {
        const a = authFromCredential(b.cred, b.authvar, b.noauth);
        if (!a) {
          this.auth = UNAUTHENTICATED;
          return this.reply(r, 'invalid_token', 'Could not parse auth token.');
        }
        this.auth = a;
        this.reply(r, 'ok', { auth: a.admin ? null : a.auth, expires: 0 });
        return this.recheckListens();
      }
      case 'unauth':
        this.auth = UNAUTHENTICATED;
        this.reply(r, 'ok', '');
        return this.recheckListens();
      case 'appcheck':
      case 'unappeck':
        return this.reply(r, 'ok', '');
      case 'q':
        return this.listen(r, b);
      case 'n':
        return this.unlisten(r, b);
      case 'g':
        return this.get(r, b);
      case 'p':
        this.ns.set(parsePath(b.p), b.d, this.auth, transactionHash(b.h));
        return this.reply(r, 'ok', '');
      case 'm':
        this.ns.update(parsePath(b.p), b.d, this.auth);
        return this.reply(r, 'ok', '');
      case 'o':
        return this.disconnectSet(r, b);
      case 'om':
        return this.disconnectMerge(r, b);
      case 'oc':
        return this.disconnectCancel(r, b);
      default:
        throw new DataError(`Unknown action: ${JSON.stringify(req.a)}`, 'invalid_action');
    }
  }

  private static listenKey(pathStr: string, queryId: string): string {
    return pathStr + '\u0000' + queryId;
  }

  private listen(r: unknown, b: Body): void {
    const path = parsePath(b.p);
    validatePath(path, false);
    const pathStr = pathToString(path);
    const tagged = typeof b.t === 'number';
    const query = tagged ? parseWireQuery(b.q) : null;
    const queryId = tagged ? objectToUniqueKey(b.q) : 'default';
    const ruleQuery = tagged ? ruleQueryFromWire(b.q as WireQuery) : null;
    if (!this.ns.mayRead(path, this.auth, ruleQuery)) {
      this.reply(r, 'permission_denied', 'Permission denied');
      return;
    }
    const key = Connection.listenKey(pathStr, queryId);
    const old = this.listens.get(key);
    if (old) this.ns.listeners.delete(old);
    const data = this.ns.read(path, query);
    const l: Listener = {
      sink: this,
      path,
      pathStr,
      queryId,
      tag: tagged ? (b.t as number) : null,
      query,
      keys: new Set(childKeys(data)),
      wire: tagged ? (b.q as WireQuery) : null,
    };
    this.listens.set(key, l);
    this.ns.listeners.add(l);
    this.push('d', { p: pathStr, d: data, t: l.tag });
    this.reply(r, 'ok', this.ns.missingIndex(path, query) ? { w: ['no_index'] } : {});
  }

  private unlisten(r: unknown, b: Body): void {
    checkQueryDepth(b.q);
    const pathStr = pathToString(parsePath(b.p));
    const queryId = typeof b.t === 'number' || (isObj(b.q) && Object.keys(b.q).length) ? objectToUniqueKey(b.q) : 'default';
    const key = Connection.listenKey(pathStr, queryId);
    const l = this.listens.get(key);
    if (l) {
      this.listens.delete(key);
      this.ns.listeners.delete(l);
    }
    this.reply(r, 'ok', '');
  }

  private get(r: unknown, b: Body): void {
    const path = parsePath(b.p);
    validatePath(path, false);
    const query = parseWireQuery(b.q);
    const ruleQuery = isObj(b.q) && Object.keys(b.q).length ? ruleQueryFromWire(b.q as WireQuery) : null;
    if (!this.ns.mayRead(path, this.auth, ruleQuery)) {
      this.reply(r, 'permission_denied', 'Permission denied');
      return;
    }
    this.reply(r, 'ok', this.ns.read(path, query));
  }

  // ------------------------------------------------------------------------------ onDisconnect

  private record(writes: RawWrite[]): void {
    for (const w of writes) {
      this.onDisconnect = this.onDisconnect.filter((x) => !isPrefix(w.path, x.path));
      this.onDisconnect.push(w);
    }
  }

  private disconnectSet(r: unknown, b: Body): void {
    const w: RawWrite = { path: parsePath(b.p), raw: b.d };
    this.ns.checkWrites([w], this.auth);
    this.record([w]);
    this.reply(r, 'ok', '');
  }

  private disconnectMerge(r: unknown, b: Body): void {
    const base = parsePath(b.p);
    validatePath(base, false);
    const writes = Namespace.mergeWrites(base, b.d);
    if (writes.length) this.ns.checkWrites(writes, this.auth);
    this.record(writes);
    this.reply(r, 'ok', '');
  }

  private disconnectCancel(r: unknown, b: Body): void {
    const path = parsePath(b.p);
    validatePath(path, false);
    this.onDisconnect = this.onDisconnect.filter((x) => !isPrefix(path, x.path));
    this.reply(r, 'ok', '');
  }

  // ------------------------------------------------------------------------------ close

  /** The socket closed: drop listens, then run the onDisconnect writes. */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.endFragments();
    for (const l of this.listens.values()) this.ns.listeners.delete(l);
    this.listens.clear();
    const pending = this.onDisconnect;
    this.onDisconnect = [];
    if (pending.length) {
      // Parents first, so a later deeper write lands on top of an earlier shallower one.
      try {
        this.ns.applyAuthorised(pending);
      } catch (e) {
        this.log(`onDisconnect writes for ${this.sessionId} failed: ${(e as Error).message}`);
      }
    }
  }
}

/** A transaction's condition: the SDK hash of the value it started from (none for a plain put). */
function transactionHash(h: unknown): Precondition | undefined {
  if (h === undefined || h === null) return undefined;
  if (typeof h !== 'string') throw new DataError('Invalid transaction hash', 'invalid_args');
  return (current) => nodeHash(current) === h;
}

/** The SDK's ObjectToUniqueKey: JSON with sorted keys (used as the query id). */
export function objectToUniqueKey(o: unknown): string {
  if (!isObj(o)) return JSON.stringify(o === undefined ? null : o);
  if (Array.isArray(o)) return '[' + o.map(objectToUniqueKey).join(',') + ']';
  const keys = Object.keys(o).sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + objectToUniqueKey((o as Record<string, unknown>)[k])).join(',') + '}';
}

export type { Path };
