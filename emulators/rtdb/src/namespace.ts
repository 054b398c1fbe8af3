// One database namespace: its data tree, its rules, and the listeners to keep up to date.

import type { AuthVar, RuleQuery, WireQuery } from './rules/types';
import {
  type CompiledRules,
  canRead,
  canWrite,
  type DeniedRule,
  compileRules,
  couldWrite,
  explainRead,
  explainWrite,
  explainWriteAhead,
  indexesAt,
  noteQueryIndex,
  noteRootRule,
  ruleQueryFromWire,
} from './rules-api';
import {
  type ExportJson,
  type Path,
  type WriteTree,
  DataError,
  addWrite,
  childKeys,
  childOf,
  applyWriteTree,
  deepEqual,
  getAt,
  isObj,
  isPrefix,
  newObj,
  newWriteTree,
  normalize,
  normalizePriorityValue,
  parsePath,
  pathToString,
  validatePath,
} from './tree';
import { type ParsedQuery, entersWindow, inRange, indexValueOf, neededIndex } from './query';
import { QueryIndexes } from './query-index';
import { stripJsonComments } from './jsonc';

export interface AuthState {
  /** Admin (`owner` without authvar/noauth): rules are skipped. */
  admin: boolean;
  /** The rules' `auth` variable when not admin. */
  auth: AuthVar;
}

export const UNAUTHENTICATED: AuthState = { admin: false, auth: null };
export const ADMIN: AuthState = { admin: true, auth: null };

export interface Sink {
  push(action: string, body: Record<string, unknown>): void;
  authState(): AuthState;
  /** Drop a listen and tell the client (`c`). */
  revoke(l: Listener): void;
}

export interface Listener {
  sink: Sink;
  path: Path;
  pathStr: string;
  queryId: string;
  /** Tagged listens only. */
  tag: number | null;
  query: ParsedQuery | null;
  /** Tagged listens: the keys of the window last sent. */
  keys: Set<string>;
  /** Tagged listens: the query object as received (for a `c` revocation). */
  wire: WireQuery | null;
}

export interface Logger {
  (msg: string): void;
}

/** What a denied request was doing (denial log). */
export type Operation =
  | 'get'
  | 'listen'
  | 'set'
  | 'update'
  | 'transaction'
  | 'onDisconnect'
  | 'rest-get'
  | 'rest-stream'
  | 'rest-put'
  | 'rest-post'
  | 'rest-patch'
  | 'rest-delete';

/** One denied request (emulators/rtdb/docs/protocol.md#denied-requests). Never carries data values. */
export interface Denial {
  time: string;
  namespace: string;
  path: string;
  operation: Operation;
  /** A conditional write (transaction, If-Match) refused because the caller may not read there. */
  readForCondition?: boolean;
  /** A filtered read or listen (its bounds are not kept: they may be data). */
  query?: boolean;
  uid: string | null;
  /** The token's claims (or an Admin SDK's auth override); null when signed out. */
  claims: Record<string, unknown> | null;
  /** The rules that said no, outermost first. */
  rules: DeniedRule[];
}

/** How many denials each namespace keeps (the oldest go first). */
export const DENIAL_LOG_SIZE = 200;

export const permissionDenied = (): DataError => new DataError('Permission denied', 'permission_denied');

/** A compare-and-set condition on the current value at the written path: a transaction's hash
 *  (wire `p` with `h`) or a REST `If-Match` ETag. */
export type Precondition = (current: ExportJson) => boolean;

/** A raw write as received: a path and user JSON (not yet normalised). */
export interface RawWrite {
  path: Path;
  raw: unknown;
}

export interface NamespaceOptions {
  /** Count rule evaluations for the coverage report (default false). */
  coverage?: boolean;
  /** Called with the outgoing rules when new rules replace them (their coverage counts end there). */
  onRulesReplaced?: (old: CompiledRules, ns: Namespace) => void;
  /** Sees every commit (Functions triggers, triggers.ts): called before the tree changes with the
   *  locations written and the writer; what it returns runs after the change. */
  beforeCommit?: (ns: Namespace, written: Path[], auth: AuthState) => (() => void) | null;
}

function isAllowAll(text: string): boolean {
  try {
    const j = JSON.parse(stripJsonComments(text)) as unknown;
    return JSON.stringify(j) === '{"rules":{".read":true,".write":true}}' || JSON.stringify(j) === '{"rules":{".write":true,".read":true}}';
  } catch {
    return false;
  }
}

export class Namespace {
  root: ExportJson = null;
  rules: CompiledRules;
  rulesText: string;
  readonly listeners = new Set<Listener>();
  /** Bumped on every committed change (for persistence). */
  version = 0;

  /** The rules are exactly "read and write everything": the engine can be skipped. */
  allowAll: boolean;

  /** Denied requests, oldest first, at most DENIAL_LOG_SIZE. */
  readonly denials: Denial[] = [];
  /** Bumped on every denial (the viewer asks for news with it). */
  denialCount = 0;

  /** While set, commits fire no Functions triggers (REST `disableTriggers=true`, imports). */
  private triggersOff = false;

  /** Large nodes' children in query order, kept by every commit. */
  private readonly queryIndexes = new QueryIndexes();

  constructor(
    readonly name: string,
    rulesText: string,
    private readonly log: Logger,
    private readonly options: NamespaceOptions = {},
  ) {
    this.rules = compileRules(rulesText, { coverage: options.coverage });
    this.rulesText = rulesText;
    this.allowAll = isAllowAll(rulesText);
  }

  /** How many (node, index) pairs are kept for queries (query-index.ts). */
  get queryIndexCount(): number {
    return this.queryIndexes.size;
  }

  /** Runs `write` (synchronous) without firing Functions triggers for what it commits. */
  withoutTriggers<T>(write: () => T): T {
    const was = this.triggersOff;
    this.triggersOff = true;
    try {
      return write();
    } finally {
      this.triggersOff = was;
    }
  }

  setRules(text: string): void {
    const old = this.rules;
    this.rules = compileRules(text, { coverage: this.options.coverage });
    this.options.onRulesReplaced?.(old, this);
    this.rulesText = text;
    this.allowAll = isAllowAll(text);
    this.queryIndexes.clear();
    this.version++;
    this.revalidateListeners();
  }

  // -------------------------------------------------------------------------------- reads

  /** With `op`, a denial is logged. */
  mayRead(path: Path, auth: AuthState, query: RuleQuery | null, op?: Operation, readForCondition = false): boolean {
    if (auth.admin) return true;
    if (this.allowAll) {
      noteRootRule(this.rules, '.read');
      return true;
    }
    let ok = false;
    const ctx = { auth: auth.auth, now: Date.now(), root: this.root, query };
    try {
      ok = canRead(this.rules, path, ctx);
    } catch (e) {
      this.log(`rules engine error on read of ${pathToString(path)}: ${(e as Error).message}`);
    }
    if (!ok && op) this.recordDenial(op, path, auth, () => explainRead(this.rules, path, ctx), { query: query !== null, readForCondition });
    return ok;
  }

  private recordDenial(
    operation: Operation,
    path: Path,
    auth: AuthState,
    explain: () => DeniedRule[],
    extra: { query?: boolean; readForCondition?: boolean } = {},
  ): void {
    let rules: DeniedRule[] = [];
    try {
      rules = explain();
    } catch (e) {
      this.log(`denial log: ${(e as Error).message}`);
    }
    const a = auth.auth;
    // A user token's claims; an Admin SDK auth override is its own claims.
    const token =
      a && typeof a.token === 'object' && a.token !== null && !Array.isArray(a.token) ? (a.token as Record<string, unknown>) : a;
    const denial: Denial = {
      time: new Date().toISOString(),
      namespace: this.name,
      path: pathToString(path),
      operation,
      ...(extra.readForCondition ? { readForCondition: true } : {}),
      ...(extra.query ? { query: true } : {}),
      uid: a && typeof a.uid === 'string' ? a.uid : null,
      claims: token ?? null,
      rules,
    };
    this.denials.push(denial);
    if (this.denials.length > DENIAL_LOG_SIZE) this.denials.splice(0, this.denials.length - DENIAL_LOG_SIZE);
    this.denialCount++;
  }

  /** Whether a query at path lacks the `.indexOn` it needs. */
  missingIndex(path: Path, q: ParsedQuery | null): boolean {
    if (!q) return false;
    const need = neededIndex(q);
    if (need === null) return false;
    try {
      noteQueryIndex(this.rules, path, need);
      return !indexesAt(this.rules, path).includes(need);
    } catch {
      return false;
    }
  }

  /** The data a listen or get receives. */
  read(path: Path, q: ParsedQuery | null): ExportJson {
    return q && q.filtered ? this.window(path, q) : getAt(this.root, path);
  }

  /** What a query selects, from an index where production would keep one (query-index.ts). */
  private window(path: Path, q: ParsedQuery): ExportJson {
    const need = neededIndex(q);
    let declared = need === null;
    try {
      declared ||= indexesAt(this.rules, path).includes(need!);
    } catch {
      // Rules that cannot say: no index, a pass over the children as for a small node.
    }
    return this.queryIndexes.run(this.root, path, q, declared);
  }

  // -------------------------------------------------------------------------------- writes

  private checkWrite(auth: AuthState, now: number, newRoot: ExportJson, writePaths: Path[], op: Operation): void {
    if (auth.admin) return;
    let ok = false;
    let reason: string | null = null;
    const ctx = { auth: auth.auth, now, root: this.root, newRoot, writePaths };
    try {
      const d = canWrite(this.rules, ctx);
      ok = d.allowed;
      if (!d.allowed) reason = d.reason;
    } catch (e) {
      this.log(`rules engine error on write: ${(e as Error).message}`);
    }
    if (!ok) {
      const at = writePaths.length === 1 ? writePaths[0] : commonPrefix(writePaths);
      this.recordDenial(op, at, auth, () => explainWrite(this.rules, ctx, reason));
      throw permissionDenied();
    }
  }

  /** Normalise raw writes (resolving server values against the current tree at `now`) into a
   *  write tree; returns it with the locations written (priority writes count as their node). */
  private prepare(writes: RawWrite[], now: number): { tree: WriteTree; paths: Path[] } {
    const tree = newWriteTree();
    const paths: Path[] = [];
    const ctx = { now, oldRoot: this.root };
    for (const w of writes) {
      const isPrio = w.path.length > 0 && w.path[w.path.length - 1] === '.priority';
      if (isPrio) {
        const node = w.path.slice(0, -1);
        addWrite(tree, w.path, normalizePriorityValue(w.raw, node, ctx));
        paths.push(node);
      } else {
        addWrite(tree, w.path, normalize(w.raw, w.path, ctx));
        paths.push(w.path);
      }
    }
    return { tree, paths };
  }

  /** Normalise, check the rules, then the condition, then commit. Returns the paths written.
   *  Rules come first: whether the condition holds tells the caller something about the data
   *  (datastale, or a REST 412 with the value), so only a caller who may write there *and read
   *  it* gets that far; anyone else gets permission_denied whatever the data is. */
  private execute(writes: RawWrite[], auth: AuthState, op: Operation, expected?: { path: Path; holds: Precondition }): Path[] {
    const now = Date.now();
    const { tree, paths } = this.prepare(writes, now);
    if (!auth.admin && !this.allowAll) this.checkWrite(auth, now, applyWriteTree(this.root, tree, 'view'), paths, op);
    else if (!auth.admin) noteRootRule(this.rules, '.write', paths.length);
    if (expected) {
      if (!this.mayRead(expected.path, auth, null, op, true)) throw permissionDenied();
      if (!expected.holds(getAt(this.root, expected.path))) throw new DataError('Transaction hash does not match', 'datastale');
    }
    this.commit(tree, paths, auth);
    return paths;
  }

  /** `set` (wire `p`, REST PUT/POST/DELETE). `expected` makes it a compare-and-set (a
   *  transaction, REST If-Match): `datastale` when it does not hold. Returns the new value. */
  set(path: Path, raw: unknown, auth: AuthState, expected?: Precondition, op: Operation = expected ? 'transaction' : 'set'): ExportJson {
    validatePath(path, true);
    const paths = this.execute([{ path, raw }], auth, op, expected && { path, holds: expected });
    return getAt(this.root, paths[0]);
  }

  /** Before a write's data has arrived: false when the rules deny writing at `path` (with
   *  `below`: at or anywhere under it, as an update may) whatever the data would be. */
  couldWrite(path: Path, auth: AuthState, below: boolean, op?: Operation): boolean {
    if (auth.admin || this.allowAll) return true;
    // A priority write is checked as a write of its node (as in the engine).
    const node = path.length > 0 && path[path.length - 1] === '.priority' ? path.slice(0, -1) : path;
    const ctx = { auth: auth.auth, now: Date.now(), root: this.root };
    const ok = couldWrite(this.rules, node, ctx, below);
    if (!ok && op) this.recordDenial(op, node, auth, () => explainWriteAhead(this.rules, node, ctx));
    return ok;
  }

  /** Parse the body of an update (`m`, REST PATCH) into raw writes, rejecting overlapping keys. */
  static mergeWrites(base: Path, data: unknown): RawWrite[] {
    if (!isObj(data) || Array.isArray(data)) throw new DataError('Update data must be an object', 'invalid_data');
    const writes: RawWrite[] = [];
    const seen = new Set<string>();
    for (const key of Object.keys(data)) {
      const rel = parsePath(key);
      if (rel.length === 0) throw new DataError(`Invalid update key "${key}"`, 'invalid_data');
      const path = base.concat(rel);
      validatePath(path, true);
      const str = rel.join('/');
      if (seen.has(str)) throw new DataError(`Update keys overlap: "${key}"`, 'invalid_data');
      seen.add(str);
      writes.push({ path, raw: (data as Record<string, unknown>)[key] });
    }
    // Reject a key that is an ancestor of another (e.g. "a" and "a/b").
    for (const w of writes) {
      const rel = w.path.slice(base.length);
      for (let i = 1; i < rel.length; i++) {
        const prefix = rel.slice(0, i).join('/');
        if (seen.has(prefix)) throw new DataError(`Update keys overlap: "${prefix}" is an ancestor of "${rel.join('/')}"`, 'invalid_data');
      }
    }
    return writes;
  }

  /** `update` (wire `m`, REST PATCH): atomic; rules checked per key against the merged result. */
  update(base: Path, data: unknown, auth: AuthState, op: Operation = 'update'): void {
    validatePath(base, false);
    const writes = Namespace.mergeWrites(base, data);
    if (writes.length === 0) return;
    this.execute(writes, auth, op);
  }

  /** Check (at registration time) that a set of writes would be allowed now. */
  checkWrites(writes: RawWrite[], auth: AuthState): void {
    for (const w of writes) validatePath(w.path, true);
    const now = Date.now();
    const { tree, paths } = this.prepare(writes, now);
    if (!auth.admin && !this.allowAll) this.checkWrite(auth, now, applyWriteTree(this.root, tree, 'view'), paths, 'onDisconnect');
    else if (!auth.admin) noteRootRule(this.rules, '.write', paths.length);
  }

  /** Apply already-authorised writes (onDisconnect) atomically; a later deeper write lands on top
   *  of an earlier shallower one. */
  applyAuthorised(writes: RawWrite[]): void {
    if (writes.length === 0) return;
    this.execute(writes, ADMIN, 'onDisconnect');
  }

  /** Replace the whole tree with already-normalised data (loading a data file). */
  load(data: ExportJson): void {
    const tree = newWriteTree();
    addWrite(tree, [], data);
    this.commit(tree, [[]], ADMIN, false);
  }

  // -------------------------------------------------------------------------------- events

  /** Install the writes and push what changed to every affected listener. */
  private commit(tree: WriteTree, written: Path[], auth: AuthState, triggers = true): void {
    // Drop locations below another written location: their data is part of the ancestor's.
    const paths = written.length > 1 ? outermostPaths(written) : written;
    // Old values the listeners need, captured before the in-place update.
    const before = new Map<Listener, ExportJson>();
    for (const l of this.listeners) {
      if (paths.some((p) => isPrefix(p, l.path))) before.set(l, getAt(this.root, l.path));
    }
    let afterCommit: (() => void) | null = null;
    if (triggers && !this.triggersOff && this.options.beforeCommit) {
      try {
        afterCommit = this.options.beforeCommit(this, paths, auth);
      } catch (e) {
        this.log(`triggers: ${(e as Error).stack}`);
      }
    }
    this.root = applyWriteTree(this.root, tree, 'inplace');
    this.version++;
    this.queryIndexes.committed(this.root, paths);
    for (const l of this.listeners) {
      try {
        this.notify(l, before, paths, written);
      } catch (e) {
        this.log(`error notifying listener at ${l.pathStr}: ${(e as Error).stack}`);
      }
    }
    try {
      afterCommit?.();
    } catch (e) {
      this.log(`triggers: ${(e as Error).stack}`);
    }
  }

  private notify(l: Listener, before: Map<Listener, ExportJson>, paths: Path[], written: Path[]): void {
    const root = this.root;
    if (before.has(l)) {
      // Written at or above the listen: its subtree was replaced, so old and new can be compared.
      const newV = getAt(root, l.path);
      if (l.query) {
        const res = this.window(l.path, l.query);
        if (res === null && l.keys.size === 0) return;
        l.keys = new Set(childKeys(res));
        l.sink.push('d', { p: l.pathStr, d: res, t: l.tag });
        return;
      }
      const oldV = before.get(l) ?? null;
      // Same object: unchanged, unless a write inside it was merged into an ancestor's priority
      // write (then the node was updated in place).
      const changed = oldV === newV ? written.some((w) => w.length > l.path.length && isPrefix(l.path, w)) : !deepEqual(oldV, newV);
      if (changed) l.sink.push('d', { p: l.pathStr, d: newV });
      return;
    }
    let below: Path[] | null = null;
    for (const p of paths) if (p.length > l.path.length && isPrefix(l.path, p)) (below ??= []).push(p);
    if (!below) return;
    if (l.query) {
      this.notifyQuery(l, [...new Set(below.map((p) => p[l.path.length]))]);
      return;
    }
    if (below.length === 1) {
      l.sink.push('d', { p: pathToString(below[0]), d: getAt(root, below[0]) });
      return;
    }
    const merge = newObj();
    for (const p of below) merge[p.slice(l.path.length).join('/')] = getAt(root, p);
    l.sink.push('m', { p: l.pathStr, d: merge });
  }

  /** A tagged listen whose children `touched` changed (possibly in place). */
  private notifyQuery(l: Listener, touched: string[]): void {
    const q = l.query!;
    const node = getAt(this.root, l.path);
    const candidates: string[] = [];
    for (const k of touched) {
      const c = childOf(node, k);
      const inR = c !== null && inRange(q, indexValueOf(q.index, k, c), k);
      if (inR || l.keys.has(k)) candidates.push(k);
    }
    if (candidates.length === 0) return;
    if (q.limit === null) {
      // No limit: the window changes exactly at the touched children; send them as a merge.
      const merge = newObj();
      for (const k of candidates) {
        const c = childOf(node, k);
        if (c !== null && inRange(q, indexValueOf(q.index, k, c), k)) {
          merge[k] = c;
          l.keys.add(k);
        } else {
          merge[k] = null;
          l.keys.delete(k);
        }
      }
      l.sink.push('m', { p: l.pathStr, d: merge, t: l.tag });
      return;
    }
    // Limited: skip when only children outside a full window changed and none of them enters it.
    if (!candidates.some((k) => l.keys.has(k)) && l.keys.size >= q.limit) {
      if (!candidates.some((k) => entersWindow(q, node, l.keys, k, childOf(node, k)))) return;
    }
    const res = this.window(l.path, q);
    l.keys = new Set(childKeys(res));
    l.sink.push('d', { p: l.pathStr, d: res, t: l.tag });
  }

  /** After a rules change: revoke listens that may no longer be read. */
  private revalidateListeners(): void {
    for (const l of [...this.listeners]) {
      const auth = l.sink.authState();
      if (auth.admin || this.allowAll) continue;
      const rq = l.wire ? ruleQueryFromWire(l.wire) : null;
      if (!this.mayRead(l.path, auth, rq)) l.sink.revoke(l);
    }
  }
}

function commonPrefix(paths: Path[]): Path {
  const first = paths[0] ?? [];
  let n = first.length;
  for (const p of paths) {
    let i = 0;
    while (i < n && i < p.length && p[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n);
}

/** The written locations that are not below another one, shortest first. Looks each location's
 *  ancestors up in a set, so an update of n keys costs n × depth rather than n × n (a 10,000-key
 *  seed update took seconds comparing every key with every other). */
function outermostPaths(written: Path[]): Path[] {
  const sorted = written.slice().sort((a, b) => a.length - b.length);
  const kept = new Set<string>();
  const outermost: Path[] = [];
  for (const path of sorted) {
    let covered = false;
    for (let depth = 0; depth <= path.length && !covered; depth++) covered = kept.has(path.slice(0, depth).join('/'));
    if (covered) continue;
    kept.add(path.join('/'));
    outermost.push(path);
  }
  return outermost;
}
