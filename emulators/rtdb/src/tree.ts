// Data model: each namespace's tree is immutable export-format JSON (see rules/types.ts).
// Every object node is created with a null prototype so that keys such as "__proto__" or
// "constructor" are plain data. Writes copy only the nodes along the written paths.

import type { ExportJson } from './rules/types';

export type { ExportJson };
export type Obj = { [key: string]: ExportJson };
export type Path = string[];

export const MAX_STRING_BYTES = 10485760;
export const MAX_KEY_BYTES = 768;
export const MAX_DEPTH = 32;

/** A request that cannot be applied; `status` goes on the wire, `message` is for humans. */
export class DataError extends Error {
  constructor(
    message: string,
    readonly status: string = 'invalid_data',
  ) {
    super(message);
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

export function newObj(): Obj {
  return Object.create(null) as Obj;
}

export function isObj(n: unknown): n is Obj {
  return typeof n === 'object' && n !== null;
}

/** Copy an object node (shallow) into a fresh null-prototype object. */
export function copyObj(n: Obj): Obj {
  return Object.assign(newObj(), n);
}

export function pathToString(p: Path): string {
  return '/' + p.join('/');
}

/** Split a wire/REST path into segments, dropping empty ones (like the SDK's Path). */
export function parsePath(s: unknown): Path {
  if (typeof s !== 'string') throw new DataError('Path must be a string', 'invalid_args');
  return s.split('/').filter((x) => x !== '');
}

/** True if a is an ancestor of b or equal to it. */
export function isPrefix(a: Path, b: Path): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether objects or arrays nest in `v` more than `max` levels deep (a primitive is 0 levels,
 *  `{"a":1}` is 1). Iterative on purpose: it guards code that recurses over client JSON (query
 *  keys, echoed auth claims), which a value 10,000 levels deep would take past the stack. */
export function nestedDeeperThan(v: unknown, max: number): boolean {
  const stack: Array<{ v: unknown; depth: number }> = [{ v, depth: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (!isObj(top.v)) continue;
    if (top.depth >= max) return true;
    for (const k in top.v) stack.push({ v: (top.v as Record<string, unknown>)[k], depth: top.depth + 1 });
  }
  return false;
}

export function overlaps(a: Path, b: Path): boolean {
  return a.length <= b.length ? isPrefix(a, b) : isPrefix(b, a);
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Whether an object node is a prioritised leaf `{".value": v, ".priority": p}`. */
export function isWrappedLeaf(n: Obj): boolean {
  return hasOwn.call(n, '.value');
}

export function childOf(node: ExportJson, key: string): ExportJson {
  if (!isObj(node) || key === '.priority' || key === '.value' || isWrappedLeaf(node)) return null;
  const c = node[key];
  return c === undefined ? null : c;
}

export function getAt(root: ExportJson, path: Path): ExportJson {
  let n = root;
  for (let i = 0; i < path.length && n !== null; i++) n = childOf(n, path[i]);
  return n;
}

export function priorityOf(node: ExportJson): string | number | null {
  if (!isObj(node)) return null;
  const p = node['.priority'];
  return p === undefined ? null : (p as string | number | null);
}

/** The node's value without its priority: a primitive, an object node, or null. */
export function leafValue(node: ExportJson): ExportJson {
  if (isObj(node) && isWrappedLeaf(node)) return node['.value'];
  return node;
}

/** Child keys of an object node (not `.priority`); [] for leaves and null. */
export function childKeys(node: ExportJson): string[] {
  if (!isObj(node) || isWrappedLeaf(node)) return [];
  const keys = Object.keys(node);
  const i = keys.indexOf('.priority');
  if (i >= 0) keys.splice(i, 1);
  return keys;
}

/** Number of children (keys other than .priority) of object nodes, cached: for-in and
 *  Object.keys are O(n) on large objects, so emptiness checks go through this. */
const sizeCache = new WeakMap<Obj, number>();
/** Child keys of large object nodes (for the rules view's overlay), kept up to date in place. */
const keysCache = new WeakMap<Obj, string[]>();

function cachedKeys(o: Obj): string[] {
  let keys = keysCache.get(o);
  if (!keys) {
    keys = Object.keys(o);
    const i = keys.indexOf('.priority');
    if (i >= 0) keys.splice(i, 1);
    keysCache.set(o, keys);
  }
  return keys;
}

export function childCount(o: Obj): number {
  let n = sizeCache.get(o);
  if (n === undefined) {
    n = Object.keys(o).length;
    if (hasOwn.call(o, '.priority')) n--;
    sizeCache.set(o, n);
  }
  return n;
}

function plainReplacer(this: unknown, key: string, value: unknown): unknown {
  if (key === '.priority') return undefined;
  if (isObj(value) && hasOwn.call(value, '.value')) return (value as Obj)['.value'];
  return value;
}

/** JSON text of a node without priorities (what REST returns), without building a copy. */
export function plainJson(node: ExportJson, space?: number): string {
  return JSON.stringify(node, plainReplacer, space);
}

export function deepEqual(a: ExportJson, b: ExportJson): boolean {
  if (a === b) return true;
  if (!isObj(a) || !isObj(b)) return false;
  let n = 0;
  for (const k in a) {
    n++;
    const bv = b[k];
    if (bv === undefined || !deepEqual(a[k], bv)) return false;
  }
  for (const _k in b) n--;
  return n === 0;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Give a node a priority (or remove it with null). A priority on an empty node is ignored. */
export function withPriority(node: ExportJson, prio: string | number | null): ExportJson {
  if (node === null) return null;
  if (!isObj(node)) {
    if (prio === null) return node;
    const o = newObj();
    o['.value'] = node;
    o['.priority'] = prio;
    return o;
  }
  if (isWrappedLeaf(node)) {
    if (prio === null) return node['.value'];
    if (node['.priority'] === prio) return node;
    const o = newObj();
    o['.value'] = node['.value'];
    o['.priority'] = prio;
    return o;
  }
  const cur = node['.priority'];
  if ((cur === undefined ? null : cur) === prio) return node;
  const o = copyObj(node);
  if (prio === null) delete o['.priority'];
  else o['.priority'] = prio;
  return o;
}

/** A tree of pending writes: a set at this node, then children, then a priority. */
export interface WriteTree {
  set?: { v: ExportJson };
  children: Map<string, WriteTree>;
  prio?: { p: string | number | null };
}

export function newWriteTree(): WriteTree {
  return { children: new Map() };
}

/** Record a write of `value` (normalised) at `path`; a last segment `.priority` sets a priority. */
export function addWrite(t: WriteTree, path: Path, value: ExportJson): void {
  let n = t;
  const last = path.length - 1;
  for (let i = 0; i < path.length; i++) {
    const k = path[i];
    if (i === last && k === '.priority') {
      n.prio = { p: value as string | number | null };
      return;
    }
    let c = n.children.get(k);
    if (!c) {
      c = newWriteTree();
      n.children.set(k, c);
    }
    n = c;
  }
  // A set replaces anything recorded below it.
  n.set = { v: value };
  n.children.clear();
  n.prio = undefined;
}

/** Cached node hashes (see hash.ts); in-place mutation must forget a node's entry. */
export const hashCache = new WeakMap<object, string>();

/**
 * How applyWriteTree produces the new tree:
 * - 'inplace': mutate the existing object nodes along the written paths (O(depth) per write even
 *   when a node has 100,000 children). Nodes at a written location are replaced, never mutated,
 *   and so are nodes whose priority changes.
 * - 'view': leave the tree untouched and return a read-only view of the result for the rules
 *   engine: small nodes along the paths are copied, large ones are wrapped in an overlay Proxy.
 */
export type ApplyMode = 'inplace' | 'view';

const OVERLAY_THRESHOLD = 64;

function isLarge(o: Obj): boolean {
  return childCount(o) > OVERLAY_THRESHOLD;
}

interface Work {
  obj: Obj;
  put(k: string, v: ExportJson): void;
  empty(): boolean;
}

function overlay(base: Obj): Work {
  const over = new Map<string, ExportJson>();
  const lookup = (k: string): ExportJson | undefined => {
    if (over.has(k)) {
      const v = over.get(k);
      return v === null ? undefined : v;
    }
    return hasOwn.call(base, k) ? base[k] : undefined;
  };
  const target = newObj();
  const obj = new Proxy(target, {
    get: (_t, k) => (typeof k === 'string' ? lookup(k) : undefined),
    has: (_t, k) => typeof k === 'string' && lookup(k) !== undefined,
    ownKeys: () => {
      const baseKeys = cachedKeys(base);
      const keys = over.size === 0 ? baseKeys.slice() : baseKeys.filter((k) => !over.has(k));
      for (const [k, v] of over) if (v !== null) keys.push(k);
      if (hasOwn.call(base, '.priority')) keys.push('.priority');
      return keys;
    },
    getOwnPropertyDescriptor: (_t, k) => {
      if (typeof k !== 'string') return undefined;
      const v = lookup(k);
      return v === undefined ? undefined : { value: v, writable: false, enumerable: true, configurable: true };
    },
    set: () => false,
    deleteProperty: () => false,
    defineProperty: () => false,
  }) as Obj;
  let size = childCount(base);
  return {
    obj,
    put: (k, v) => {
      const had = lookup(k) !== undefined;
      over.set(k, v);
      size += (v === null ? 0 : 1) - (had ? 1 : 0);
    },
    empty: () => size === 0,
  };
}

/** Mutate obj directly, keeping its cached child count and key list right. */
function plainWork(obj: Obj): Work {
  let size = childCount(obj);
  return {
    obj,
    put: (k, v) => {
      const had = hasOwn.call(obj, k);
      if (v === null) delete obj[k];
      else obj[k] = v;
      size += (v === null ? 0 : 1) - (had ? 1 : 0);
      sizeCache.set(obj, size);
      const keys = keysCache.get(obj);
      if (keys && had !== (v !== null)) {
        if (v !== null) keys.push(k);
        else {
          const i = keys.lastIndexOf(k);
          if (i >= 0) keys.splice(i, 1);
        }
      }
    },
    empty: () => size === 0,
  };
}

/** Apply a write tree to a node. Returns the same node when nothing changed (or, in place, when
 *  only its descendants changed). */
export function applyWriteTree(node: ExportJson, t: WriteTree, mode: ApplyMode): ExportJson {
  let cur = t.set ? t.set.v : node;
  if (t.children.size) {
    const base = cur;
    const container = isObj(base) && !isWrappedLeaf(base);
    let work: Work | null = null;
    for (const [k, sub] of t.children) {
      const oldC = childOf(base, k);
      const nc = applyWriteTree(oldC, sub, mode);
      if (nc === oldC) continue;
      if (!work) {
        if (container) {
          const b = base as Obj;
          if (mode === 'inplace') {
            hashCache.delete(b);
            work = plainWork(b);
          } else work = isLarge(b) ? overlay(b) : plainWork(copyObj(b));
        } else {
          work = plainWork(newObj());
          const p = priorityOf(base);
          if (p !== null) work.obj['.priority'] = p;
        }
      }
      work.put(k, nc);
    }
    if (work) cur = work.empty() ? null : work.obj;
    if (mode === 'inplace' && container && cur === base) hashCache.delete(base as Obj);
  }
  if (t.prio) cur = withPriority(cur, t.prio.p);
  return cur;
}

/** A copy of `root` with `value` written at `path` (the original is left untouched). */
export function setAt(root: ExportJson, path: Path, value: ExportJson): ExportJson {
  const t = newWriteTree();
  addWrite(t, path, value);
  return applyWriteTree(root, t, 'view');
}

// ---------------------------------------------------------------------------------------------
// Validation and normalisation (the SDK's validateFirebaseData + nodeFromJSON + server values)

// eslint-disable-next-line no-control-regex -- Firebase keys may not contain control characters: matching them is the point.
const INVALID_KEY = /[[\].#$/\u0000-\u001F\u007F]/;

export function keyError(key: string): string | null {
  if (key.length === 0) return 'keys must be non-empty strings';
  if (INVALID_KEY.test(key))
    return `key "${printable(key)}" contains an invalid character: keys may not contain ".", "#", "$", "/", "[", "]" or ASCII control characters`;
  if (key.length > MAX_KEY_BYTES / 3 && Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES)
    return `key "${printable(key.slice(0, 40))}…" is longer than ${MAX_KEY_BYTES} bytes`;
  return null;
}

function printable(s: string): string {
  // eslint-disable-next-line no-control-regex -- it escapes control characters for printing: matching them is the point.
  return s.replace(/[\u0000-\u001F\u007F]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** Validate a location path. `.priority` is allowed only as the last segment when allowPriority. */
export function validatePath(path: Path, allowPriority: boolean): void {
  if (path.length > MAX_DEPTH) throw new DataError(`Path ${pathToString(path)} is deeper than ${MAX_DEPTH} levels`, 'invalid_path');
  for (let i = 0; i < path.length; i++) {
    const k = path[i];
    if (allowPriority && i === path.length - 1 && k === '.priority') continue;
    const e = keyError(k);
    if (e) throw new DataError(`Invalid path ${printable(pathToString(path))}: ${e}`, 'invalid_path');
  }
}

export interface NormalizeContext {
  /** Server time used for timestamps. */
  now: number;
  /** The tree before the operation (increments read it). */
  oldRoot: ExportJson;
}

function checkString(s: string, path: Path): void {
  if (s.length > MAX_STRING_BYTES / 3 && Buffer.byteLength(s, 'utf8') > MAX_STRING_BYTES) {
    throw new DataError(`String at ${pathToString(path)} exceeds the maximum size of ${MAX_STRING_BYTES} bytes`);
  }
}

function resolveServerValue(sv: unknown, path: Path, ctx: NormalizeContext, forPriority: boolean): string | number {
  if (sv === 'timestamp') return ctx.now;
  if (isObj(sv) && Object.keys(sv).length === 1 && hasOwn.call(sv, 'increment')) {
    const delta = (sv as Record<string, unknown>).increment;
    if (typeof delta !== 'number' || !Number.isFinite(delta))
      throw new DataError(`Invalid increment at ${pathToString(path)}: the delta must be a number`);
    const existing = forPriority ? priorityOf(getAt(ctx.oldRoot, path)) : leafValue(getAt(ctx.oldRoot, path));
    return typeof existing === 'number' ? existing + delta : delta;
  }
  throw new DataError(`Invalid server value at ${pathToString(path)}: ${JSON.stringify(sv)}`);
}

function normalizePriority(p: unknown, path: Path, ctx: NormalizeContext): string | number | null {
  if (p === null || p === undefined) return null;
  if (typeof p === 'number') {
    if (!Number.isFinite(p)) throw new DataError(`Invalid priority at ${pathToString(path)}`);
    return p === 0 ? 0 : p;
  }
  if (typeof p === 'string') {
    checkString(p, path);
    return p;
  }
  if (isObj(p) && hasOwn.call(p, '.sv')) return resolveServerValue((p as Record<string, unknown>)['.sv'], path, ctx, true);
  throw new DataError(`Invalid priority at ${pathToString(path)}: a priority must be a string, a number or null`);
}

/** Normalise user JSON into export format (arrays → objects, nulls and empty objects dropped,
 *  `.value`/`.priority` handled, server values resolved), validating keys, depth and sizes. */
export function normalize(json: unknown, path: Path, ctx: NormalizeContext): ExportJson {
  return norm(json, path.slice(), ctx);
}

/** Normalise a priority value given on its own (a write to `<path>/.priority`). */
export function normalizePriorityValue(json: unknown, path: Path, ctx: NormalizeContext): string | number | null {
  return normalizePriority(json, path, ctx);
}

/** Normalizes `v` as child `k` of `out`, where a null child is left out; whether it was kept. */
function normChild(out: Record<string, ExportJson>, k: string, v: unknown, path: Path, ctx: NormalizeContext): boolean {
  path.push(k);
  const c = norm(v, path, ctx);
  path.pop();
  if (c === null) return false;
  out[k] = c;
  return true;
}

function norm(v: unknown, path: Path, ctx: NormalizeContext): ExportJson {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
      checkString(v, path);
      return v;
    case 'number':
      if (!Number.isFinite(v)) throw new DataError(`Invalid number at ${pathToString(path)}`);
      // -0 cannot cross the wire as JSON ("0"), so clients hash 0: store it as 0.
      return v === 0 ? 0 : v;
    case 'boolean':
      return v;
    case 'object':
      break;
    default:
      throw new DataError(`Invalid value at ${pathToString(path)}`);
  }
  if (path.length > MAX_DEPTH)
    throw new DataError(`Data at ${pathToString(path.slice(0, MAX_DEPTH))}… is nested deeper than ${MAX_DEPTH} levels`);
  const o = v as Record<string, unknown>;
  if (Array.isArray(o)) {
    const out = newObj();
    let any = false;
    for (let i = 0; i < o.length; i++) if (normChild(out, String(i), o[i], path, ctx)) any = true;
    return any ? out : null;
  }
  let prio: string | number | null = null;
  if (hasOwn.call(o, '.priority')) prio = normalizePriority(o['.priority'], path, ctx);
  if (hasOwn.call(o, '.sv')) {
    for (const k in o)
      if (k !== '.sv' && k !== '.priority') throw new DataError(`Server value at ${pathToString(path)} may not have other children`);
    return withPriority(resolveServerValue(o['.sv'], path, ctx, false), prio);
  }
  if (hasOwn.call(o, '.value') && o['.value'] !== null && o['.value'] !== undefined) {
    for (const k in o)
      if (k !== '.value' && k !== '.priority')
        throw new DataError(`Data at ${pathToString(path)} contains .value as well as other children`);
    return withPriority(norm(o['.value'], path, ctx), prio);
  }
  const out = newObj();
  let any = false;
  for (const k in o) {
    if (k === '.priority' || k === '.value') continue;
    const e = keyError(k);
    if (e) throw new DataError(`Invalid data at ${printable(pathToString(path))}: ${e}`);
    if (normChild(out, k, o[k], path, ctx)) any = true;
  }
  if (!any) return null;
  if (prio !== null) out['.priority'] = prio;
  return out;
}
