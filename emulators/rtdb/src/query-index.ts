// Sorted indexes of large nodes' children, so that a query costs log n + its window rather than a
// pass over every child (emulators/rtdb/docs/protocol.md#query-indexes). The production database
// answers a query on an `.indexOn` field from an index it keeps; without one here, a console page
// over 500,000 sign-ups waited seconds for each page of 25
// (docs/decisions/0153-console-measured-at-scale.md).
//
// An index holds each child's key and index value only; the children themselves are read from the
// tree when a window is cut. The namespace reports every commit's written locations, and an index
// mends the children a commit touched or, when the node itself was written, is dropped and built
// again at the next query.

import { type ExportJson, type Obj, type Path, childCount, childKeys, getAt, isObj, isPrefix, isWrappedLeaf, newObj } from './tree';
import {
  type Index,
  type IndexEntry,
  type ParsedQuery,
  compareIndexEntries,
  comparePost,
  indexEntry,
  nameCompare,
  runQuery,
  valueRank,
} from './query';

/** Below this many children a pass over them is as cheap as keeping an index. */
export const INDEXED_NODE_MIN_CHILDREN = 1000;
/** How many (location, index) pairs are kept, and how many children they may hold in all; past
 *  either, the least recently queried location's go first. */
export const MAX_INDEXES = 64;
export const MAX_INDEXED_CHILDREN = 8_000_000;
/** A commit touching more children than this rebuilds the index's order in one merge rather than
 *  moving entries one at a time (each move shifts the array). */
const MERGE_ABOVE = 64;

function indexSpec(index: Index): string {
  return index.kind === 'child' ? `/${index.spec}` : index.kind;
}

const NULLS = Symbol('null');
const OBJECTS = Symbol('objects');

/** Whether `entries` are already in key order (push ids are stored in the order they were made). */
function inKeyOrder(entries: readonly IndexEntry[]): boolean {
  for (let i = 1; i < entries.length; i++) if (nameCompare(entries[i - 1].key, entries[i].key) > 0) return false;
  return true;
}

/**
 * `entries` in the index's order. Where many children share a value (a list's name, a list and its
 * state), they are grouped by value and only the distinct values sorted; a group whose keys come in
 * key order, as push ids come in the order the tree holds them, is kept as it is. A node of 800,000
 * sign-ups by list then takes a pass rather than a sort
 * (docs/decisions/0153-console-measured-at-scale.md, the first visit).
 */
function sortedEntries(entries: IndexEntry[], cmp: (a: IndexEntry, b: IndexEntry) => number): IndexEntry[] {
  const groups = new Map<unknown, IndexEntry[]>();
  for (const e of entries) {
    // Values that compare equal share a group: all nulls, all objects, each primitive by itself.
    const value = e.rank === 0 ? NULLS : e.rank === 4 ? OBJECTS : e.iv;
    const group = groups.get(value);
    if (group) group.push(e);
    else groups.set(value, [e]);
    if (groups.size > entries.length / 4) return entries.sort(cmp);
  }
  const byKey = (a: IndexEntry, b: IndexEntry) => nameCompare(a.key, b.key);
  const firsts = [...groups.values()].map((group) => group[0]).sort(cmp);
  const out: IndexEntry[] = [];
  for (const first of firsts) {
    const group = groups.get(first.rank === 0 ? NULLS : first.rank === 4 ? OBJECTS : first.iv)!;
    if (!inKeyOrder(group)) group.sort(byKey);
    for (const e of group) out.push(e);
  }
  return out;
}

class SortedIndex {
  /** Ascending in the query's order. */
  private entries: IndexEntry[];

  get size(): number {
    return this.entries.length;
  }
  /** Each child's index value by key, to find its entry again; made at the first mend that needs it. */
  private ivs: Map<string, unknown> | null = null;
  private readonly cmp: (a: IndexEntry, b: IndexEntry) => number;

  constructor(
    readonly index: Index,
    node: Obj,
  ) {
    this.cmp = compareIndexEntries(index);
    this.entries = sortedEntries(
      childKeys(node).map((key) => indexEntry(this.index, key, node[key])),
      this.cmp,
    );
  }

  private ivsByKey(): Map<string, unknown> {
    if (!this.ivs) this.ivs = new Map(this.entries.map((e) => [e.key, e.iv]));
    return this.ivs;
  }

  /** The first position whose entry passes `test`, which fails then passes along the order. */
  private bisect(test: (e: IndexEntry) => boolean): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (test(this.entries[mid])) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private positionOf(e: IndexEntry): number {
    return this.bisect((x) => this.cmp(x, e) >= 0);
  }

  /** The children `keys` of `node` changed (added, removed or rewritten). */
  mend(node: ExportJson, keys: Set<string>): void {
    if (keys.size > MERGE_ABOVE) {
      this.merge(node, keys);
      return;
    }
    const ivs = this.ivsByKey();
    for (const key of keys) {
      if (ivs.has(key)) {
        const iv = ivs.get(key);
        const i = this.positionOf({ key, iv, rank: valueRank(iv) });
        this.entries.splice(i, 1);
        ivs.delete(key);
      }
      const child = isObj(node) && !isWrappedLeaf(node) ? node[key] : undefined;
      if (child === undefined || child === null) continue;
      const e = indexEntry(this.index, key, child);
      this.entries.splice(this.positionOf(e), 0, e);
      ivs.set(key, e.iv);
    }
  }

  private merge(node: ExportJson, keys: Set<string>): void {
    const kept = this.entries.filter((e) => !keys.has(e.key));
    const added: IndexEntry[] = [];
    for (const key of keys) {
      this.ivs?.delete(key);
      const child = isObj(node) && !isWrappedLeaf(node) ? node[key] : undefined;
      if (child === undefined || child === null) continue;
      const e = indexEntry(this.index, key, child);
      added.push(e);
      this.ivs?.set(key, e.iv);
    }
    added.sort(this.cmp);
    const merged: IndexEntry[] = new Array<IndexEntry>(kept.length + added.length);
    let i = 0;
    let j = 0;
    for (let n = 0; n < merged.length; n++) {
      merged[n] = j >= added.length || (i < kept.length && this.cmp(kept[i], added[j]) <= 0) ? kept[i++] : added[j++];
    }
    this.entries = merged;
  }

  /** The query's window of `node`, as runQuery gives it, in index order. */
  window(node: Obj, q: ParsedQuery): ExportJson {
    const { start, end } = q;
    let lo = start
      ? this.bisect((e) => (start.inclusive ? comparePost(q.index, e.iv, e.key, start) >= 0 : comparePost(q.index, e.iv, e.key, start) > 0))
      : 0;
    let hi = end
      ? this.bisect((e) => (end.inclusive ? comparePost(q.index, e.iv, e.key, end) > 0 : comparePost(q.index, e.iv, e.key, end) >= 0))
      : this.entries.length;
    if (q.limit !== null && hi - lo > q.limit) {
      if (q.fromRight) lo = hi - q.limit;
      else hi = lo + q.limit;
    }
    if (hi <= lo) return null;
    const out = newObj();
    for (let i = lo; i < hi; i++) out[this.entries[i].key] = node[this.entries[i].key];
    return out;
  }
}

interface Location {
  path: Path;
  byIndex: Map<string, SortedIndex>;
}

export class QueryIndexes {
  /** By location (its path joined), least recently queried first. */
  private readonly locations = new Map<string, Location>();
  private count = 0;

  constructor(
    private readonly limits: { minChildren: number; maxIndexes: number; maxChildren: number } = {
      minChildren: INDEXED_NODE_MIN_CHILDREN,
      maxIndexes: MAX_INDEXES,
      maxChildren: MAX_INDEXED_CHILDREN,
    },
  ) {}

  /** How many (location, index) pairs are kept. */
  get size(): number {
    return this.count;
  }

  /** What `q` selects from the node at `path` of `root`: from an index when the node is large and
   *  `declared` (production keeps an index for the key and the priority, and for a value or a child
   *  only when the rules' `.indexOn` asks, so a client cannot make it sort a large node by any
   *  field it names). */
  run(root: ExportJson, path: Path, q: ParsedQuery, declared: boolean): ExportJson {
    const node = getAt(root, path);
    if (!declared || !isObj(node) || isWrappedLeaf(node) || childCount(node) < this.limits.minChildren) return runQuery(node, q);
    const at = path.join('/');
    let loc = this.locations.get(at);
    if (loc) this.locations.delete(at);
    else loc = { path, byIndex: new Map() };
    this.locations.set(at, loc);
    const spec = indexSpec(q.index);
    let index = loc.byIndex.get(spec);
    if (!index) {
      index = new SortedIndex(q.index, node);
      loc.byIndex.set(spec, index);
      this.count++;
      this.evict(at);
    }
    return index.window(node, q);
  }

  /** Drops every index (new rules may declare others). */
  clear(): void {
    this.locations.clear();
    this.count = 0;
  }

  /** The least recently queried locations other than `keep`'s, until both limits hold. */
  private evict(keep: string): void {
    let children = 0;
    for (const loc of this.locations.values()) for (const index of loc.byIndex.values()) children += index.size;
    for (const [at, loc] of this.locations) {
      if (this.count <= this.limits.maxIndexes && children <= this.limits.maxChildren) return;
      if (at === keep) continue;
      this.count -= loc.byIndex.size;
      for (const index of loc.byIndex.values()) children -= index.size;
      this.locations.delete(at);
    }
  }

  /** After a commit: `written` are its locations (none below another), `root` the new tree. */
  committed(root: ExportJson, written: Path[]): void {
    for (const [at, loc] of this.locations) {
      const touched = new Set<string>();
      let replaced = false;
      for (const p of written) {
        if (p.length <= loc.path.length) {
          if (isPrefix(p, loc.path)) replaced = true;
        } else if (isPrefix(loc.path, p)) touched.add(p[loc.path.length]);
      }
      if (replaced) {
        this.count -= loc.byIndex.size;
        this.locations.delete(at);
      } else if (touched.size > 0) {
        const node = getAt(root, loc.path);
        for (const index of loc.byIndex.values()) index.mend(node, touched);
      }
    }
  }
}
