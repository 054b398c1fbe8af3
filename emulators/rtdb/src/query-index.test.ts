import { describe, expect, test } from 'vitest';
import { MAX_NAME, MIN_NAME, parseWireQuery, runQuery } from './query';
import { INDEXED_NODE_MIN_CHILDREN, QueryIndexes } from './query-index';

import { type ExportJson, type Path, addWrite, applyWriteTree, childKeys, getAt, newWriteTree, normalize } from './tree';
import { ADMIN, type Listener, Namespace, type Sink } from './namespace';

/** Indexes for every node, however small, so the tests' nodes are read through them. */
const everyNode = () => new QueryIndexes({ minChildren: 0, maxIndexes: 64, maxChildren: 1e6 });

// A small deterministic generator, so a failure names a seed that replays it.
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Random = ReturnType<typeof generator>;
const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

// Keys that exercise the key order: 32-bit integers (and ones with leading zeros), words, push-like ids.
const KEYS = Array.from({ length: 120 }, (_, i) => [String(i), `0${i}`, `k${i % 13}${i}`, `-${i}`][i % 4]);
const VALUES: unknown[] = [null, false, true, -2, 0, 1.5, 3, 'a', 'b', 'B', '3', '', { deep: 1 }];

function randomChild(r: Random): unknown {
  const roll = r();
  if (roll < 0.2) return pick(r, VALUES) ?? 'v';
  const child: Record<string, unknown> = { n: pick(r, VALUES) };
  if (r() < 0.3) child.m = { x: pick(r, VALUES) };
  if (r() < 0.2) child['.priority'] = pick(r, [1, 2, 'p', 'q']);
  return child;
}

function randomQuery(r: Random): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  const index = pick(r, ['.priority', '.key', '.value', 'n', 'm/x', 'missing']);
  if (index !== '.priority') q.i = index;
  const boundValue = (): unknown =>
    index === '.key'
      ? pick(r, KEYS)
      : pick(
          r,
          VALUES.filter((v) => typeof v !== 'object' || v === null),
        );
  if (r() < 0.5) {
    q.sp = boundValue();
    if (index !== '.key' && r() < 0.5) q.sn = pick(r, [...KEYS, MIN_NAME, MAX_NAME]);
    if (r() < 0.3) q.sin = false;
  }
  if (r() < 0.5) {
    q.ep = boundValue();
    if (index !== '.key' && r() < 0.5) q.en = pick(r, [...KEYS, MIN_NAME, MAX_NAME]);
    if (r() < 0.3) q.ein = false;
  }
  if (r() < 0.7) q.l = pick(r, [0, 1, 2, 5, 25, 100]);
  if (r() < 0.5) q.vf = 'r';
  return q;
}

const norm = (v: unknown, path: Path): ExportJson => normalize(v, path, { now: 1000, oldRoot: null });

/** The keys and children a window holds, in a stable order (runQuery keeps the node's order). */
const contents = (w: ExportJson): [string, ExportJson][] =>
  childKeys(w)
    .map((k): [string, ExportJson] => [k, (w as Record<string, ExportJson>)[k]])
    .sort(([a], [b]) => (a < b ? -1 : 1));

function sameWindow(a: ExportJson, b: ExportJson): boolean {
  const ca = contents(a);
  const cb = contents(b);
  return ca.length === cb.length && ca.every(([k, v], i) => cb[i][0] === k && cb[i][1] === v);
}

describe('query indexes', () => {
  test('every window equals a pass over the children, through writes of every shape', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = generator(seed);
      const at: Path = ['list'];
      const indexes = everyNode();
      let root: ExportJson = null;
      const commit = (path: Path, value: unknown): void => {
        const t = newWriteTree();
        addWrite(t, path, norm(value, path));
        root = applyWriteTree(root, t, 'inplace');
        indexes.committed(root, [path]);
      };
      const commitMany = (writes: [Path, unknown][]): void => {
        const t = newWriteTree();
        for (const [path, value] of writes) addWrite(t, path, norm(value, path));
        root = applyWriteTree(root, t, 'inplace');
        indexes.committed(
          root,
          writes.map(([p]) => p),
        );
      };
      commit(at, Object.fromEntries(KEYS.slice(0, 40).map((k) => [k, randomChild(r)])));
      const queries = Array.from({ length: 12 }, () => randomQuery(r));
      for (let step = 0; step < 40; step++) {
        for (const wire of queries) {
          const q = parseWireQuery(wire);
          const expected = runQuery(getAt(root, at), q);
          const actual = indexes.run(root, at, q, true);
          // The same children, the very same objects; the matcher only spells out a difference.
          if (!sameWindow(actual, expected)) {
            expect(contents(actual), `seed ${seed} step ${step} query ${JSON.stringify(wire)}`).toEqual(contents(expected));
          }
        }
        const roll = r();
        if (roll < 0.4) commit([...at, pick(r, KEYS)], randomChild(r));
        else if (roll < 0.55) commit([...at, pick(r, KEYS)], null);
        else if (roll < 0.65) commit([...at, pick(r, KEYS), 'n'], pick(r, VALUES));
        else if (roll < 0.72) commit([...at, pick(r, KEYS)], { n: pick(r, VALUES), '.priority': pick(r, [1, 'p']) });
        else if (roll < 0.85) {
          // More children than are moved one at a time (64): the index merges them.
          commitMany(KEYS.filter(() => r() < 0.7).map((k): [Path, unknown] => [[...at, k], r() < 0.2 ? null : randomChild(r)]));
        } else if (roll < 0.9) commit(at, Object.fromEntries(KEYS.filter(() => r() < 0.5).map((k) => [k, randomChild(r)])));
        else if (roll < 0.93) commit([], { list: { only: { n: 1 } } });
        else commit(['elsewhere', pick(r, KEYS)], 1);
      }
    }
  });

  test('a node becoming a leaf, or empty, drops its index', () => {
    const indexes = everyNode();
    const q = parseWireQuery({ i: 'n', l: 2 });
    let root = norm({ list: { a: { n: 1 }, b: { n: 2 } } }, []);
    expect(contents(indexes.run(root, ['list'], q, true)).map(([k]) => k)).toEqual(['a', 'b']);
    const write = (path: Path, v: unknown): void => {
      const t = newWriteTree();
      addWrite(t, path, norm(v, path));
      root = applyWriteTree(root, t, 'inplace');
      indexes.committed(root, [path]);
    };
    write(['list'], 'now a leaf');
    expect(indexes.run(root, ['list'], q, true)).toBeNull();
    write(['list', 'c'], { n: 3 });
    expect(contents(indexes.run(root, ['list'], q, true)).map(([k]) => k)).toEqual(['c']);
    write(['list', 'c'], null);
    expect(indexes.run(root, ['list'], q, true)).toBeNull();
  });
  test('past its limits it drops the least recently queried location, and still answers every query', () => {
    const indexes = new QueryIndexes({ minChildren: 0, maxIndexes: 2, maxChildren: 100 });
    const root = norm(
      Object.fromEntries(['a', 'b', 'c'].map((list) => [list, Object.fromEntries(KEYS.slice(0, 40).map((k, i) => [k, { n: i }]))])),
      [],
    );
    const q = parseWireQuery({ i: 'n', l: 2, vf: 'r' });
    for (const list of ['a', 'b', 'c', 'a']) {
      expect(sameWindow(indexes.run(root, [list], q, true), runQuery(getAt(root, [list]), q))).toBe(true);
      // Two lists of 40 children each fit 100; a third drops the oldest.
      expect(indexes.size).toBeLessThanOrEqual(2);
    }
    expect(indexes.size).toBe(2);
    const byValue = parseWireQuery({ i: '.value', l: 1 });
    indexes.run(root, ['a'], byValue, true);
    expect(indexes.size).toBe(2); // a's two indexes: 80 children, and b's 40 would pass 100
  });

  test('an index the rules do not declare is never built: the query reads the children as a small node', () => {
    const indexes = everyNode();
    const root = norm({ list: { a: { n: 2 }, b: { n: 1 } } }, []);
    const q = parseWireQuery({ i: 'n', l: 1 });
    expect(childKeys(indexes.run(root, ['list'], q, false))).toEqual(['b']);
    expect(indexes.size).toBe(0);
    expect(childKeys(indexes.run(root, ['list'], q, true))).toEqual(['b']);
    expect(indexes.size).toBe(1);
  });
});

describe('a namespace with a large list', () => {
  const size = INDEXED_NODE_MIN_CHILDREN + 200;
  const key = (i: number): string => `k${String(i).padStart(5, '0')}`;

  function seeded(): Namespace {
    const ns = new Namespace('t', '{"rules":{".read":true,".write":true,"list":{".indexOn":["at"]}}}', () => {});
    ns.set(['list'], Object.fromEntries(Array.from({ length: size }, (_, i) => [key(i), { at: i, other: -i }])), ADMIN);
    return ns;
  }

  test("keeps an index for what the rules' .indexOn declares and for the key, none for another child", () => {
    const ns = seeded();
    const last = (index: string) => childKeys(ns.read(['list'], parseWireQuery({ i: index, l: 1, vf: 'r' })));
    expect(last('other')).toEqual([key(0)]);
    expect(ns.queryIndexCount).toBe(0);
    expect(last('at')).toEqual([key(size - 1)]);
    expect(last('.key')).toEqual([key(size - 1)]);
    expect(ns.queryIndexCount).toBe(2);
    ns.setRules('{"rules":{".read":true,".write":true}}');
    expect(ns.queryIndexCount).toBe(0);
    expect(last('at')).toEqual([key(size - 1)]);
    expect(ns.queryIndexCount).toBe(0);
  });

  test('a limited tagged listen follows arrivals, removals and moves out of its window', () => {
    const ns = seeded();
    const log: { d: ExportJson }[] = [];
    const sink: Sink = { push: (_a, body) => log.push(body as { d: ExportJson }), authState: () => ADMIN, revoke() {} };
    const query = parseWireQuery({ i: 'at', l: 3, vf: 'r' });
    const first = ns.read(['list'], query);
    expect(childKeys(first)).toEqual([key(size - 3), key(size - 2), key(size - 1)]);
    const l: Listener = {
      sink,
      path: ['list'],
      pathStr: '/list',
      queryId: 'q',
      tag: 1,
      query,
      keys: new Set(childKeys(first)),
      wire: null,
    };
    ns.listeners.add(l);
    const lastWindow = (): string[] => childKeys(log[log.length - 1].d);

    ns.set(['list', 'new'], { at: size + 5 }, ADMIN);
    expect(lastWindow()).toEqual([key(size - 2), key(size - 1), 'new']);
    ns.set(['list', key(size - 1)], null, ADMIN);
    expect(lastWindow()).toEqual([key(size - 3), key(size - 2), 'new']);
    ns.update(['list'], { [`${key(size - 2)}/at`]: -1 }, ADMIN);
    expect(lastWindow()).toEqual([key(size - 4), key(size - 3), 'new']);
    const sent = log.length;
    ns.set(['list', key(10)], { at: 11 }, ADMIN); // far below the window: nothing to send
    expect(log.length).toBe(sent);
    ns.set(['list'], { only: { at: 1 } }, ADMIN); // the list replaced: a new index
    expect(lastWindow()).toEqual(['only']);
  });

  test('a page from a cursor reads the same children as a pass over them would', () => {
    const ns = seeded();
    const page = parseWireQuery({ i: 'at', ep: 600, en: key(600), ein: false, l: 25, vf: 'r' });
    expect(contents(ns.read(['list'], page))).toEqual(contents(runQuery(getAt(ns.root, ['list']), page)));
    expect(childKeys(ns.read(['list'], page))).toEqual(Array.from({ length: 25 }, (_, i) => key(575 + i)));
  });
});
