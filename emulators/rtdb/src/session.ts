// One realtime client session, whatever carries it: the handshake, the request loop, auth,
// listens, onDisconnect, and the switch from one transport to another (long polling → WebSocket).
//
// A transport (connection.ts: WebSocket; long-polling.ts: the browser SDK's JSONP long polling)
// only turns bytes into protocol messages and back. Everything the protocol means lives here, once.

import { randomBytes } from 'node:crypto';
import type { WireQuery } from './rules/types';
import { authFromToken, ruleQueryFromWire } from './rules-api';
import {
  type AuthState,
  type Listener,
  type Logger,
  type Precondition,
  type RawWrite,
  type Sink,
  ADMIN,
  Namespace,
  UNAUTHENTICATED,
} from './namespace';
import { DataError, MAX_DEPTH, childKeys, isObj, isPrefix, nestedDeeperThan, parsePath, pathToString, validatePath } from './tree';
import { checkQueryDepth, parseWireQuery } from './query';
import { nodeHash } from './hash';

/** What one connection may send, and how long it may take (README "Limits"). */
export interface ConnectionLimits {
  /** Largest message in bytes: one frame, or the frames of a frame-count message together
   *  (long polling: the decoded segments of one message). */
  maxMessageBytes: number;
  /** A frame-count message must be complete this long after its count. */
  messageTimeoutMs: number;
  /** Closed after this long without a frame in either direction (the SDK sends "0" after 45 s).
   *  Long polling: a session with no request for this long is over. */
  idleTimeoutMs: number;
}

/** What carries a session's messages. */
export interface Transport {
  readonly kind: 'websocket' | 'long-polling';
  /** Deliver one protocol message (the transport serialises and frames it). */
  send(msg: object): void;
  /** End the transport from the server side (the session is over, or refused it). */
  close(reason: string): void;
  /** The session has moved to another transport: deliver what is already queued, then end. */
  retire(): void;
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

interface Request {
  r?: unknown;
  a?: unknown;
  b?: unknown;
}

type Body = Record<string, unknown>;

const control = (t: string, d: unknown = {}) => ({ t: 'c', d: { t, d } });

export interface SessionOptions {
  ns: Namespace;
  /** Host header of the first request (echoed in the handshake). */
  host: string;
  log: Logger;
  /** Called once when the session has ended (after its onDisconnect writes). */
  onEnd?: (s: Session) => void;
}

export class Session implements Sink {
  readonly id = randomBytes(12).toString('base64url');
  readonly ns: Namespace;
  private readonly log: Logger;
  private auth: AuthState = UNAUTHENTICATED;
  private readonly listens = new Map<string, Listener>();
  /** Pending onDisconnect writes, in registration order, never one at or below another's later one. */
  private onDisconnect: RawWrite[] = [];
  /** Where messages go (and, outside a switch, where they come from). */
  private active: Transport;
  /** A transport the client is upgrading to, not carrying the session yet. */
  private secondary: Transport | null = null;
  /** After the client's switch ack on the secondary: its data messages, held until the primary's
   *  end-of-transmission (`n`) so requests stay in the order the client sent them. */
  private held: object[] | null = null;
  private ended = false;
  private readonly onEnd?: (s: Session) => void;

  constructor(options: SessionOptions, transport: Transport) {
    this.ns = options.ns;
    this.log = options.log;
    this.onEnd = options.onEnd;
    this.active = transport;
    transport.send(control('h', { ts: Date.now(), v: '5', h: options.host, s: this.id }));
  }

  get transport(): Transport {
    return this.active;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  // ------------------------------------------------------------------------------ sending

  private send(msg: object): void {
    if (!this.ended) this.active.send(msg);
  }

  push(action: string, body: Record<string, unknown>): void {
    if (body.t === null || body.t === undefined) delete body.t;
    this.send({ t: 'd', d: { a: action, b: body } });
  }

  authState(): AuthState {
    return this.auth;
  }

  revoke(l: Listener): void {
    const key = listenKey(l.pathStr, l.queryId);
    if (this.listens.get(key) === l) this.listens.delete(key);
    this.ns.listeners.delete(l);
    this.push('c', l.wire ? { p: l.pathStr, q: [l.wire] } : { p: l.pathStr });
  }

  private reply(r: unknown, s: string, d: unknown): void {
    if (typeof r !== 'number') return;
    this.send({ t: 'd', d: { r, b: { s, d } } });
  }

  /** A message over the size limit: its request (numbered in `first`, the start of its text) is
   *  answered too_big, so the SDK fails the write rather than sending it again after reconnecting.
   *  The transport closes itself afterwards. */
  refuseTooBig(first: string | null, maxBytes: number): void {
    const r = first === null ? null : REQUEST_NUMBER.exec(first);
    if (r) this.reply(Number(r[1]), 'too_big', `Message exceeds the maximum size of ${maxBytes} bytes`);
  }

  // ------------------------------------------------------------------------------ receiving

  /** One parsed message from `from`. False when it is no protocol message (the caller closes). */
  receive(from: Transport, msg: unknown): boolean {
    if (this.ended) return true;
    if (!isObj(msg) || Array.isArray(msg)) return false;
    const m = msg as { t?: unknown; d?: unknown };
    if (m.t === 'c') {
      const d = isObj(m.d) ? (m.d as { t?: unknown }) : null;
      if (d) this.onControl(from, d.t);
      return true;
    }
    if (m.t !== 'd' || !isObj(m.d)) return false;
    if (from !== this.active) {
      // The upgrade target's data waits for the primary's `n`.
      if (from === this.secondary) (this.held ??= []).push(m.d as object);
      return true;
    }
    this.handleRequest(m.d as Request);
    return true;
  }

  private onControl(from: Transport, t: unknown): void {
    switch (t) {
      case 'p':
        // Pong on the transport that pinged: the client counts them per transport when upgrading.
        from.send(control('o'));
        return;
      case 'a':
        // The client's switch ack on the secondary: it now sends there; hold those until `n`.
        if (from === this.secondary) this.held ??= [];
        return;
      case 'n':
        // End of transmission on the primary: everything the client sent before the switch has
        // arrived. Answer with our own `n` as the last message on the primary, then carry on over
        // the secondary, starting with what it already brought.
        if (from === this.active && this.secondary) this.completeSwitch();
        return;
      default:
        return;
    }
  }

  /** A transport naming this session (`s=`): the client wants to move there. True if accepted. */
  offerUpgrade(t: Transport): boolean {
    if (this.ended || this.secondary || this.active.kind !== 'long-polling' || t.kind !== 'websocket') return false;
    this.secondary = t;
    this.held = null;
    // The client pings the secondary only after hearing from it.
    t.send(control('a'));
    return true;
  }

  private completeSwitch(): void {
    const next = this.secondary!;
    const old = this.active;
    old.send(control('n'));
    old.retire();
    this.active = next;
    this.secondary = null;
    const held = this.held ?? [];
    this.held = null;
    this.log(`session ${this.id} moved from ${old.kind} to ${next.kind}`);
    for (const d of held) {
      if (this.ended) return;
      this.handleRequest(d as Request);
    }
  }

  /** A transport closed (by the client, or after an error). Losing the active one ends the session. */
  transportClosed(t: Transport): void {
    if (this.ended) return;
    if (t === this.secondary) {
      this.secondary = null;
      this.held = null;
      return;
    }
    if (t === this.active) this.end();
  }

  /** End the session from the server side (emulator stopping, client reconnected with `ls`). */
  terminate(reason: string): void {
    if (this.ended) return;
    this.secondary?.close(reason);
    this.active.close(reason);
    this.end();
  }

  private handleRequest(req: Request): void {
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

  /** After an auth change: revoke this session's listens that may no longer be read. */
  private recheckListens(): void {
    for (const l of [...this.listens.values()]) {
      if (!this.ns.mayRead(l.path, this.auth, l.wire ? ruleQueryFromWire(l.wire) : null, 'listen')) this.revoke(l);
    }
  }

  private listen(r: unknown, b: Body): void {
    const path = parsePath(b.p);
    validatePath(path, false);
    const pathStr = pathToString(path);
    const tagged = typeof b.t === 'number';
    const query = tagged ? parseWireQuery(b.q) : null;
    const queryId = tagged ? objectToUniqueKey(b.q) : 'default';
    const ruleQuery = tagged ? ruleQueryFromWire(b.q as WireQuery) : null;
    if (!this.ns.mayRead(path, this.auth, ruleQuery, 'listen')) {
      this.reply(r, 'permission_denied', 'Permission denied');
      return;
    }
    const key = listenKey(pathStr, queryId);
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
    const key = listenKey(pathStr, queryId);
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
    if (!this.ns.mayRead(path, this.auth, ruleQuery, 'get')) {
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

  // ------------------------------------------------------------------------------ end

  /** The session is over: drop listens, then run the onDisconnect writes. */
  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.held = null;
    if (this.secondary) {
      this.secondary.close('session ended');
      this.secondary = null;
    }
    for (const l of this.listens.values()) this.ns.listeners.delete(l);
    this.listens.clear();
    const pending = this.onDisconnect;
    this.onDisconnect = [];
    if (pending.length) {
      // Parents first, so a later deeper write lands on top of an earlier shallower one.
      try {
        this.ns.applyAuthorised(pending);
      } catch (e) {
        this.log(`onDisconnect writes for ${this.id} failed: ${(e as Error).message}`);
      }
    }
    this.onEnd?.(this);
  }
}

function listenKey(pathStr: string, queryId: string): string {
  return pathStr + '\u0000' + queryId;
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
