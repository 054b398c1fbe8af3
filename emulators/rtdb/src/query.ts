// Query ordering and filtering exactly as the SDK's indexes and filters
// (emulators/rtdb/docs/protocol.md#queries).

import {
  type ExportJson,
  type Obj,
  type Path,
  DataError,
  MAX_DEPTH,
  childKeys,
  getAt,
  isObj,
  leafValue,
  nestedDeeperThan,
  newObj,
  priorityOf,
} from './tree';

export const MIN_NAME = '[MIN_NAME]';
export const MAX_NAME = '[MAX_NAME]';

const INTEGER_RE = /^-?(0*)\d{1,10}$/;

function tryParseInt(s: string): number | null {
  if (INTEGER_RE.test(s)) {
    const n = Number(s);
    if (n >= -2147483648 && n <= 2147483647) return n;
  }
  return null;
}

/** The SDK's nameCompare: sentinels, then 32-bit integer keys numerically (ties by length), then strings. */
export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const ai = tryParseInt(a);
  const bi = tryParseInt(b);
  if (ai !== null) {
    if (bi !== null) return ai - bi === 0 ? a.length - b.length : ai - bi;
    return -1;
  }
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

/** A value's type in the index order: null, booleans, numbers, strings, objects. */
export function valueRank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  switch (typeof v) {
    case 'boolean':
      return 1;
    case 'number':
      return 2;
    case 'string':
      return 3;
    default:
      return 4;
  }
}

/** Index-value order: null < false < true < numbers < strings < objects (all objects equal). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = valueRank(a);
  const rb = valueRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1) return a === b ? 0 : a ? 1 : -1;
  if (ra === 2 || ra === 3) return (a as number) < (b as number) ? -1 : a === b ? 0 : 1;
  return 0;
}

/** The priority index order used by the hash: by priority, then nameCompare. */
export function comparePriorityOrder(ak: string, av: ExportJson, bk: string, bv: ExportJson): number {
  const c = compareValues(priorityOf(av), priorityOf(bv));
  return c !== 0 ? c : nameCompare(ak, bk);
}

export type Index = { kind: 'priority' } | { kind: 'key' } | { kind: 'value' } | { kind: 'child'; path: Path; spec: string };

interface Bound {
  value: unknown;
  name: string;
  inclusive: boolean;
}

export interface ParsedQuery {
  index: Index;
  start: Bound | null;
  end: Bound | null;
  limit: number | null;
  fromRight: boolean;
  /** Whether the query filters at all (start, end or limit). */
  filtered: boolean;
}

function isIndexValue(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/** Refuse a query object nested deeper than any data can be: its keys are recursed over (the
 *  query id), and the SDK's are flat. Throws DataError. */
export function checkQueryDepth(q: unknown): void {
  if (nestedDeeperThan(q, MAX_DEPTH)) throw new DataError(`Query is nested deeper than ${MAX_DEPTH} levels`, 'invalid_args');
}

/** Parse the wire query object (keys sp, sn, sin, ep, en, ein, l, vf, i). Throws DataError. */
export function parseWireQuery(q: unknown): ParsedQuery {
  if (q === undefined || q === null) q = {};
  if (!isObj(q) || Array.isArray(q)) throw new DataError('Query must be an object', 'invalid_args');
  checkQueryDepth(q);
  const o = q as Record<string, unknown>;
  let index: Index;
  const i = o.i;
  if (i === undefined || i === '.priority') index = { kind: 'priority' };
  else if (i === '.key') index = { kind: 'key' };
  else if (i === '.value') index = { kind: 'value' };
  else if (typeof i === 'string') {
    const path = i.split('/').filter((x) => x !== '');
    if (path.length === 0) throw new DataError('Invalid query index', 'invalid_args');
    // No child can be deeper than the data, so such an index orders nothing (as validatePath).
    if (path.length > MAX_DEPTH) {
      throw new DataError(`Query index ${path.slice(0, 3).join('/')}/… is deeper than ${MAX_DEPTH} levels`, 'invalid_args');
    }
    index = { kind: 'child', path, spec: path.join('/') };
  } else throw new DataError('Invalid query index', 'invalid_args');
  const bound = (vk: string, nk: string, ik: string, dflt: string): Bound | null => {
    if (!Object.prototype.hasOwnProperty.call(o, vk)) return null;
    const value = o[vk];
    if (!isIndexValue(value)) throw new DataError(`Invalid query bound ${vk}`, 'invalid_args');
    const n = o[nk];
    if (n !== undefined && n !== null && typeof n !== 'string') throw new DataError(`Invalid query bound ${nk}`, 'invalid_args');
    const inc = o[ik];
    return { value, name: typeof n === 'string' ? n : dflt, inclusive: inc !== false };
  };
  const start = bound('sp', 'sn', 'sin', MIN_NAME);
  const end = bound('ep', 'en', 'ein', MAX_NAME);
  let limit: number | null = null;
  if (o.l !== undefined && o.l !== null) {
    if (typeof o.l !== 'number' || !Number.isInteger(o.l) || o.l < 0) throw new DataError('Invalid query limit', 'invalid_args');
    limit = o.l;
  }
  const fromRight = o.vf === 'r';
  return { index, start, end, limit, fromRight, filtered: start !== null || end !== null || limit !== null };
}

export function indexValueOf(index: Index, key: string, child: ExportJson): unknown {
  switch (index.kind) {
    case 'priority':
      return priorityOf(child);
    case 'key':
      return key;
    case 'value':
      return leafValue(child);
    case 'child':
      return leafValue(getAt(child, index.path));
  }
}

/** Compare a child post (iv, key) with a bound post. */
export function comparePost(index: Index, iv: unknown, key: string, b: Bound): number {
  if (index.kind === 'key') return nameCompare(key, String(b.value));
  const c = compareValues(iv, b.value);
  return c !== 0 ? c : nameCompare(key, b.name);
}

export function inRange(q: ParsedQuery, iv: unknown, key: string): boolean {
  if (q.start) {
    const c = comparePost(q.index, iv, key, q.start);
    if (c < 0 || (c === 0 && !q.start.inclusive)) return false;
  }
  if (q.end) {
    const c = comparePost(q.index, iv, key, q.end);
    if (c > 0 || (c === 0 && !q.end.inclusive)) return false;
  }
  return true;
}

/** A child as an index orders it. */
export interface IndexEntry {
  key: string;
  iv: unknown;
  /** valueRank(iv), kept so that sorting a large node compares without calls. */
  rank: number;
}

/** A child's entry under an index. */
export function indexEntry(index: Index, key: string, child: ExportJson): IndexEntry {
  const iv = indexValueOf(index, key, child);
  return { key, iv, rank: valueRank(iv) };
}

/** The order of children under an index: by index value (compareValues), then by key. */
export function compareIndexEntries(index: Index): (a: IndexEntry, b: IndexEntry) => number {
  if (index.kind === 'key') return (a, b) => nameCompare(a.key, b.key);
  return (a, b) => {
    if (a.rank !== b.rank) return a.rank - b.rank;
    // Booleans, numbers and strings each compare with < (false before true); nulls and objects tie.
    if (a.rank >= 1 && a.rank <= 3) {
      if ((a.iv as number) < (b.iv as number)) return -1;
      if ((a.iv as number) > (b.iv as number)) return 1;
    }
    return nameCompare(a.key, b.key);
  };
}

/** Whether child (ka, va) sorts strictly before child (kb, vb) under the query's index. */
export function childBefore(q: ParsedQuery, ka: string, va: ExportJson, kb: string, vb: ExportJson): boolean {
  return compareIndexEntries(q.index)(indexEntry(q.index, ka, va), indexEntry(q.index, kb, vb)) < 0;
}

/** Whether child k (value v, already known to be in range and not in the window) would enter a
 *  full limited window currently holding `keys` of `node`. */
export function entersWindow(q: ParsedQuery, node: ExportJson, keys: Iterable<string>, k: string, v: ExportJson): boolean {
  const o = node as Obj;
  let worstKey: string | null = null;
  for (const wk of keys) {
    const wv = o[wk];
    if (wv === undefined) return true; // window out of date: recompute
    if (worstKey === null) worstKey = wk;
    else if (q.fromRight ? childBefore(q, wk, wv, worstKey, o[worstKey]) : childBefore(q, worstKey, o[worstKey], wk, wv)) worstKey = wk;
  }
  if (worstKey === null) return true;
  return q.fromRight ? childBefore(q, worstKey, o[worstKey], k, v) : childBefore(q, k, v, worstKey, o[worstKey]);
}

/** Children of `node` ordered by the query's index (all of them, no filtering). */
export function orderedKeys(node: ExportJson, index: Index): string[] {
  const keys = childKeys(node);
  const o = node as Obj;
  const entries = keys.map((key) => indexEntry(index, key, o[key]));
  entries.sort(compareIndexEntries(index));
  return entries.map((e) => e.key);
}

/** The window a query selects from the node at its location, as an export-format object
 *  (children keep their priorities; the location's own priority is dropped); null when empty. */
export function runQuery(node: ExportJson, q: ParsedQuery): ExportJson {
  const keys = childKeys(node);
  if (keys.length === 0) return null;
  const o = node as Obj;
  const entries: IndexEntry[] = [];
  for (const key of keys) {
    const iv = indexValueOf(q.index, key, o[key]);
    if (inRange(q, iv, key)) entries.push({ key, iv, rank: valueRank(iv) });
  }
  let kept: IndexEntry[] = entries;
  if (q.limit !== null && entries.length > q.limit) {
    const l = q.limit;
    const cmp = compareIndexEntries(q.index);
    if (l === 0) kept = [];
    else if (l * 8 >= entries.length) {
      entries.sort(cmp);
      kept = q.fromRight ? entries.slice(entries.length - l) : entries.slice(0, l);
    } else {
      // Bounded selection: keep the best l entries in a sorted buffer.
      const better = q.fromRight ? (a: IndexEntry, b: IndexEntry) => cmp(a, b) > 0 : (a: IndexEntry, b: IndexEntry) => cmp(a, b) < 0;
      const buf: IndexEntry[] = [];
      for (const e of entries) {
        if (buf.length === l && !better(e, buf[l - 1])) continue;
        let lo = 0;
        let hi = buf.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (better(e, buf[mid])) hi = mid;
          else lo = mid + 1;
        }
        buf.splice(lo, 0, e);
        if (buf.length > l) buf.pop();
      }
      kept = buf;
    }
  }
  if (kept.length === 0) return null;
  const out = newObj();
  for (const e of kept) out[e.key] = o[e.key];
  return out;
}

/** Whether the query needs an `.indexOn` entry, and which one. */
export function neededIndex(q: ParsedQuery): string | null {
  if (q.index.kind === 'value') return '.value';
  if (q.index.kind === 'child') return q.index.spec;
  return null;
}
