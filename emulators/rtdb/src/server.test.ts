import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { doubleToIEEE754String, nodeHash } from './hash';
import { compareValues, nameCompare, parseWireQuery, runQuery } from './query';
import { type ExportJson, DataError, applyWriteTree, addWrite, getAt, nestedDeeperThan, newWriteTree, normalize } from './tree';
import { ADMIN, type Listener, Namespace, type Sink, UNAUTHENTICATED } from './namespace';

const norm = (v: unknown): ExportJson => normalize(v, [], { now: 1000, oldRoot: null });
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('hash', () => {
  test('matches the SDK for the reference values', () => {
    expect(nodeHash(5)).toBe('w28swksk9+tXf5jEdS9R5oSFAv8=');
    expect(nodeHash('str')).toBe('sfnY/+BwcCaHAaeyeCGj6o4hEPY=');
    expect(nodeHash(true)).toBe('E5z61QM0lN/U2WsOnusszCTkR8M=');
    expect(nodeHash(norm({ a: 1, b: 'x' }))).toBe('jRI9dwRS9sb4SWm8uuoN7+xBk4g=');
    expect(nodeHash(null)).toBe('');
  });

  test("doubleToIEEE754String equals the SDK's own function, quirks included", () => {
    // Load the SDK's function from the installed package (read at test time, not copied).
    const file = createRequire(import.meta.url)
      .resolve('@firebase/database')
      .replace(/index\.[^/]*$/, 'index.node.cjs.js');
    const src = readFileSync(file, 'utf8');
    const start = src.indexOf('const doubleToIEEE754String = function');
    const body = src.slice(start, src.indexOf('\n};', start) + 3).replace('const doubleToIEEE754String =', 'return');
    const sdk = new Function('util', 'isInvalidJSONNumber', body)({ assert() {} }, () => false) as (v: number) => string;
    const values = [0, -0, 1, -1, 0.1, 2 ** -116, 5e-324, 2 ** -1022, 1e308, -123.456];
    for (let i = 0; i < 20000; i++)
      values.push((Math.random() - 0.5) * 10 ** (Math.random() * 40 - 20), 2 ** Math.floor(Math.random() * 2000 - 1000));
    const bad = values.filter((v) => sdk(v) !== doubleToIEEE754String(v));
    expect(bad).toEqual([]);
  });
});

describe('ordering', () => {
  test('nameCompare: sentinels, int32 keys numerically (ties by length), then strings', () => {
    const keys = ['b', '[MAX_NAME]', '007', 'a', '2147483648', '7', '-5', '10', '[MIN_NAME]', '0'];
    expect(keys.slice().sort(nameCompare)).toEqual(['[MIN_NAME]', '-5', '0', '7', '007', '10', '2147483648', 'a', 'b', '[MAX_NAME]']);
  });

  test('values: null < false < true < numbers < strings < objects', () => {
    const vals: unknown[] = [{ a: 1 }, 'b', 'a', 10, -1, true, false, null];
    expect(vals.slice().sort(compareValues)).toEqual([null, false, true, -1, 10, 'a', 'b', { a: 1 }]);
  });

  test('limitToLast on a child index, with ties broken by key', () => {
    const node = norm({ a: { n: 2 }, b: { n: 1 }, c: { n: 2 }, d: { x: 1 }, e: { n: 'z' } });
    expect(Object.keys(runQuery(node, parseWireQuery({ i: 'n', l: 3, vf: 'r' })) as object)).toEqual(['a', 'c', 'e']);
    expect(Object.keys(runQuery(node, parseWireQuery({ i: 'n', sp: 2, sn: '[MAX_NAME]', sin: false })) as object)).toEqual(['e']);
  });
});

describe('normalisation', () => {
  test('arrays, nulls, empty objects, .value/.priority, server values', () => {
    expect(plain(norm({ arr: [1, null, 3], e: {}, n: null, p: { '.value': 5, '.priority': 1 }, t: { '.sv': 'timestamp' } }))).toEqual({
      arr: { 0: 1, 2: 3 },
      p: { '.value': 5, '.priority': 1 },
      t: 1000,
    });
    expect(Object.is(norm(-0), 0)).toBe(true);
  });

  test('invalid keys and oversize strings are refused', () => {
    for (const bad of [{ 'a.b': 1 }, { 'a/b': 1 }, { '\u0001': 1 }, { ['k'.repeat(769)]: 1 }]) expect(() => norm(bad)).toThrow(DataError);
    expect(() => norm('x'.repeat(10485761))).toThrow(/exceeds/);
  });
});

describe('writes on large nodes', () => {
  test('in-place writes under 100,000 children are fast; a view leaves the tree untouched', () => {
    const big: Record<string, number> = {};
    for (let i = 0; i < 100000; i++) big['c' + i] = i;
    let root = norm({ big });
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) {
      const t = newWriteTree();
      addWrite(t, ['big', 'n' + i], i);
      root = applyWriteTree(root, t, 'inplace');
    }
    expect(performance.now() - t0).toBeLessThan(500);
    const t = newWriteTree();
    addWrite(t, ['big', 'c1'], null);
    const view = applyWriteTree(root, t, 'view');
    expect(getAt(view, ['big', 'c1'])).toBe(null);
    expect(getAt(root, ['big', 'c1'])).toBe(1);
    expect(Object.keys(getAt(view, ['big']) as object)).toHaveLength(100999);
  });
});

describe('namespace events', () => {
  const sink = (log: unknown[]): Sink => ({
    push: (a, b) => log.push(plain({ a, ...b })),
    authState: () => ADMIN,
    revoke: () => {},
  });
  const listen = (ns: Namespace, s: Sink, path: string[], q?: Record<string, unknown>, tag?: number): Listener => {
    const query = q ? parseWireQuery(q) : null;
    const data = ns.read(path, query);
    const l: Listener = {
      sink: s,
      path,
      pathStr: '/' + path.join('/'),
      queryId: q ? JSON.stringify(q) : 'default',
      tag: tag ?? null,
      query,
      keys: new Set(data && typeof data === 'object' ? Object.keys(data) : []),
      wire: q ?? null,
    };
    ns.listeners.add(l);
    return l;
  };

  test('default listens get the write at its own path, merges, and new values from above', () => {
    const ns = new Namespace('t', '{"rules":{".read":true,".write":true}}', () => {});
    const log: unknown[] = [];
    listen(ns, sink(log), ['a']);
    ns.set(['a', 'b'], 1, UNAUTHENTICATED);
    ns.update(['a'], { x: 1, 'y/z': 2 }, UNAUTHENTICATED);
    ns.set([], { a: 5 }, UNAUTHENTICATED);
    ns.set(['other'], 1, UNAUTHENTICATED);
    expect(log).toEqual([
      { a: 'd', p: '/a/b', d: 1 },
      { a: 'm', p: '/a', d: { x: 1, 'y/z': 2 } },
      { a: 'd', p: '/a', d: 5 },
    ]);
  });

  test('a limited tagged listen is updated only when its window changes', () => {
    const ns = new Namespace('t', '{"rules":{".read":true,".write":true}}', () => {});
    ns.set(['l'], { a: { n: 1 }, b: { n: 2 }, c: { n: 3 } }, ADMIN);
    const log: unknown[] = [];
    listen(ns, sink(log), ['l'], { i: 'n', l: 2, vf: 'r' }, 7);
    ns.set(['l', 'd'], { n: 0 }, ADMIN); // below the window: nothing
    ns.set(['l', 'e'], { n: 9 }, ADMIN); // enters, c stays, b leaves
    expect(log).toEqual([{ a: 'd', p: '/l', t: 7, d: { c: { n: 3 }, e: { n: 9 } } }]);
  });

  const hashIs = (h: string) => (cur: ExportJson) => nodeHash(cur) === h;

  test('transactions compare the hash of the current value', () => {
    const ns = new Namespace('t', '{"rules":{".read":true,".write":true}}', () => {});
    ns.set(['c'], 5, ADMIN);
    expect(() => ns.set(['c'], 6, ADMIN, hashIs(''))).toThrow(/hash/);
    ns.set(['c'], 6, ADMIN, hashIs('w28swksk9+tXf5jEdS9R5oSFAv8='));
    expect(getAt(ns.root, ['c'])).toBe(6);
  });

  test('the condition is compared only after the rules allow writing and reading there', () => {
    const rules = '{"rules":{"s":{".write":"auth != null"},"o":{".read":"auth != null",".write":"auth != null"}}}';
    const ns = new Namespace('t', rules, () => {});
    ns.set([], { s: 5, o: 5 }, ADMIN);
    const user = { admin: false, auth: { uid: 'u' } };
    const status = (f: () => unknown) => {
      try {
        f();
        return 'ok';
      } catch (e) {
        return (e as DataError).status;
      }
    };
    for (const h of ['', 'w28swksk9+tXf5jEdS9R5oSFAv8=']) {
      expect(status(() => ns.set(['o'], 6, UNAUTHENTICATED, hashIs(h)))).toBe('permission_denied');
      expect(status(() => ns.set(['s'], 6, user, hashIs(h)))).toBe('permission_denied'); // may write, not read
    }
    expect(status(() => ns.set(['o'], 6, user, hashIs('')))).toBe('datastale');
    expect(status(() => ns.set(['o'], 6, user, hashIs('w28swksk9+tXf5jEdS9R5oSFAv8=')))).toBe('ok');
  });
});

describe('depth limits on client JSON', () => {
  test('a query index deeper than the data, and a query object nested deeper, are refused', () => {
    expect(() => parseWireQuery({ i: Array(33).fill('a').join('/') })).toThrow(/deeper than 32 levels/);
    expect(parseWireQuery({ i: Array(32).fill('a').join('/') }).index).toMatchObject({ kind: 'child' });
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(() => parseWireQuery({ i: 'a', x: deep })).toThrow(/Query is nested deeper than 32 levels/);
  });

  test('nestedDeeperThan counts object levels without recursing', () => {
    expect(nestedDeeperThan(1, 0)).toBe(false);
    expect(nestedDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestedDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestedDeeperThan([[[]]], 2)).toBe(true);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nestedDeeperThan(deep, 32)).toBe(true);
  });
});
