// 1. Values and priorities round-trip (emulators/rtdb/docs/protocol.md#data-model, emulators/rtdb/docs/protocol.md#update).
// A writer client writes; a separate reader client (no listeners, so every get() is answered by the
// server) reads back.
import { describe, expect, test } from 'vitest';
import { get, ref, set, setPriority, setWithPriority, update } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { openDatabases } from './sdk-clients.testing';
import { rest } from './rest-client.testing';

const ns = uniqueNs('values');
const [writer, reader] = openDatabases(ns, 2);

/** Writes `value` at a fresh path with the writer, returns the reader's snapshot of it. */
async function roundTrip(value: unknown) {
  const path = uniqueId('v');
  await set(ref(writer, path), value);
  return get(ref(reader, path));
}

describe('primitive values', () => {
  test.each([
    ['plain string', 'hello'],
    ['empty string', ''],
    ['unicode string (BMP + astral)', 'héllo wörld — 中文 — 🚀🎉'],
    ['string with JSON metacharacters', '{"a":1}\n\t"quoted" \\ backslash'],
    ['true', true],
    ['false', false],
  ])('%s round-trips', async (_name, value) => {
    const snap = await roundTrip(value);
    expect(snap.exists()).toBe(true);
    expect(snap.val()).toBe(value);
  });

  test.each([
    ['zero', 0],
    ['positive int', 42],
    ['negative int', -17],
    ['float', 3.141592653589793],
    ['negative float', -0.1],
    ['1e-300', 1e-300],
    ['Number.MIN_VALUE', Number.MIN_VALUE],
    ['2^-116', 2 ** -116],
    ['Number.MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER],
    ['2^60', 2 ** 60],
    ['1e21 (exponent form in JSON)', 1e21],
    ['Number.MAX_VALUE', Number.MAX_VALUE],
    ['-1.5e-200', -1.5e-200],
  ])('number %s round-trips exactly', async (_name, value) => {
    const snap = await roundTrip(value);
    expect(typeof snap.val()).toBe('number');
    expect(Object.is(snap.val(), value)).toBe(true);
  });

  test('-0 round-trips as a zero number', async () => {
    const snap = await roundTrip(-0);
    expect(snap.exists()).toBe(true);
    expect(typeof snap.val()).toBe('number');
    expect(snap.val() === 0).toBe(true); // +0 or -0: JSON has no distinct -0
  });

  test('overwriting an object with a primitive replaces it', async () => {
    const path = uniqueId('ow');
    await set(ref(writer, path), { a: 1, b: { c: 2 } });
    await set(ref(writer, path), 7);
    const snap = await get(ref(reader, path));
    expect(snap.val()).toBe(7);
    expect(snap.hasChildren()).toBe(false);
  });
});

describe('objects, arrays, nulls', () => {
  test('nested objects round-trip', async () => {
    const value = {
      name: 'x',
      deep: { a: { b: { c: { d: { e: 'bottom', n: 1.5 } } } } },
      flags: { on: true, off: false },
      '123': 'numeric-looking key',
      'with space': 'ok',
    };
    const snap = await roundTrip(value);
    expect(snap.val()).toEqual(value);
    expect(snap.child('deep/a/b/c/d/e').val()).toBe('bottom');
  });

  test('arrays are stored as index-keyed objects', async () => {
    const path = uniqueId('arr');
    await set(ref(writer, path), ['a', 'b', { c: ['x', 'y'] }]);
    const snap = await get(ref(reader, path));
    expect(snap.exportVal()).toEqual({ '0': 'a', '1': 'b', '2': { c: { '0': 'x', '1': 'y' } } });
    expect(snap.child('2/c/1').val()).toBe('y');
    // REST sees the same children (whatever the JSON shape, keys 0..2 exist)
    const res = await rest('GET', ns, `${path}/1`);
    expect(res.json()).toBe('b');
  });

  test('null array members are dropped, leaving the other indices', async () => {
    const snap = await roundTrip([10, 20, null, 40]);
    expect(snap.exportVal()).toEqual({ '0': 10, '1': 20, '3': 40 });
    expect(snap.size).toBe(3);
    expect(snap.hasChild('2')).toBe(false);
  });

  test('null members of objects are removed', async () => {
    const snap = await roundTrip({ a: 1, b: null, c: { d: null }, e: { f: null, g: 'kept' } });
    expect(snap.exportVal()).toEqual({ a: 1, e: { g: 'kept' } });
    expect(snap.hasChild('b')).toBe(false);
    expect(snap.hasChild('c')).toBe(false);
  });

  test('empty objects vanish', async () => {
    const snap = await roundTrip({ keep: 1, empty: {}, nestedEmpty: { inner: {} } });
    expect(snap.exportVal()).toEqual({ keep: 1 });
    const path = uniqueId('empty');
    await set(ref(writer, path), 'something');
    await set(ref(writer, path), {});
    expect((await get(ref(reader, path))).exists()).toBe(false);
  });

  test('set(null) removes the location and ancestors left empty', async () => {
    const base = uniqueId('rm');
    await set(ref(writer, `${base}/only/child`), 'x');
    await set(ref(writer, `${base}/only/child`), null);
    expect((await get(ref(reader, base))).exists()).toBe(false);
    expect((await rest('GET', ns, base)).json()).toBeNull();
  });

  test('writing below a primitive replaces it with an object', async () => {
    const path = uniqueId('below');
    await set(ref(writer, path), 'leaf');
    await set(ref(writer, `${path}/child`), 1);
    expect((await get(ref(reader, path))).val()).toEqual({ child: 1 });
  });
});

describe('priorities', () => {
  test('setWithPriority on a leaf (number priority)', async () => {
    const path = uniqueId('p');
    await setWithPriority(ref(writer, path), 'v', 5);
    const snap = await get(ref(reader, path));
    expect(snap.val()).toBe('v');
    expect(snap.priority).toBe(5);
    expect(snap.exportVal()).toEqual({ '.value': 'v', '.priority': 5 });
  });

  test('setWithPriority on an object (string priority)', async () => {
    const path = uniqueId('p');
    await setWithPriority(ref(writer, path), { a: 1 }, 'high');
    const snap = await get(ref(reader, path));
    expect(snap.val()).toEqual({ a: 1 });
    expect(snap.priority).toBe('high');
    expect(snap.exportVal()).toEqual({ a: 1, '.priority': 'high' });
  });

  test('priorities on children written with .priority / .value', async () => {
    const path = uniqueId('p');
    await set(ref(writer, path), {
      leaf: { '.value': 'x', '.priority': 2.5 },
      obj: { y: 1, '.priority': 'p' },
      plain: 3,
    });
    const snap = await get(ref(reader, path));
    expect(snap.child('leaf').priority).toBe(2.5);
    expect(snap.child('leaf').val()).toBe('x');
    expect(snap.child('obj').priority).toBe('p');
    expect(snap.child('plain').priority).toBeNull();
    expect(snap.exportVal()).toEqual({
      leaf: { '.value': 'x', '.priority': 2.5 },
      obj: { y: 1, '.priority': 'p' },
      plain: 3,
    });
  });

  test('setPriority changes only the priority', async () => {
    const path = uniqueId('p');
    await set(ref(writer, path), { a: 1, b: { c: 2 } });
    await setPriority(ref(writer, path), 10);
    const snap = await get(ref(reader, path));
    expect(snap.val()).toEqual({ a: 1, b: { c: 2 } });
    expect(snap.priority).toBe(10);
  });

  test('setPriority on a leaf keeps its value', async () => {
    const path = uniqueId('p');
    await set(ref(writer, path), 'leafval');
    await setPriority(ref(writer, path), 'zz');
    const snap = await get(ref(reader, path));
    expect(snap.val()).toBe('leafval');
    expect(snap.priority).toBe('zz');
  });

  test('setPriority on an empty location does nothing', async () => {
    const path = uniqueId('p');
    await setPriority(ref(writer, path), 5);
    expect((await get(ref(reader, path))).exists()).toBe(false);
  });

  test('a plain set replaces the priority (none afterwards)', async () => {
    const path = uniqueId('p');
    await setWithPriority(ref(writer, path), 'a', 1);
    await set(ref(writer, path), 'b');
    const snap = await get(ref(reader, path));
    expect(snap.val()).toBe('b');
    expect(snap.priority).toBeNull();
  });

  test('setPriority(null) removes the priority', async () => {
    const path = uniqueId('p');
    await setWithPriority(ref(writer, path), { a: 1 }, 3);
    await setPriority(ref(writer, path), null);
    const snap = await get(ref(reader, path));
    expect(snap.priority).toBeNull();
    expect(snap.val()).toEqual({ a: 1 });
  });
});

describe('update()', () => {
  test('multi-segment paths merge deep and null deletes', async () => {
    const path = uniqueId('u');
    await set(ref(writer, path), { a: { b: 1, c: 2 }, d: 3, e: 4 });
    await update(ref(writer, path), {
      'a/b': 10,
      'a/x/y': 'deep',
      d: null,
      f: { g: [1, 2] },
    });
    const snap = await get(ref(reader, path));
    expect(snap.exportVal()).toEqual({
      a: { b: 10, c: 2, x: { y: 'deep' } },
      e: 4,
      f: { g: { '0': 1, '1': 2 } },
    });
  });

  test('each key replaces its whole subtree', async () => {
    const path = uniqueId('u');
    await set(ref(writer, path), { a: { b: 1, c: 2 }, keep: true });
    await update(ref(writer, path), { a: { z: 1 } });
    expect((await get(ref(reader, path))).val()).toEqual({ a: { z: 1 }, keep: true });
  });

  test('update values are normalised: nulls inside objects and empty objects dropped', async () => {
    const path = uniqueId('u');
    await set(ref(writer, path), { x: 1, y: 2 });
    await update(ref(writer, path), { n: { keep: 1, drop: null }, y: {}, z: [null, 'one'] });
    expect((await get(ref(reader, path))).exportVal()).toEqual({ x: 1, n: { keep: 1 }, z: { '1': 'one' } });
  });

  test('deleting every child with update() removes the parent', async () => {
    const path = uniqueId('u');
    await set(ref(writer, path), { a: 1, b: { c: 2 } });
    await update(ref(writer, path), { a: null, 'b/c': null });
    expect((await get(ref(reader, path))).exists()).toBe(false);
  });

  test('update at the root with paths into several subtrees', async () => {
    const p1 = uniqueId('ur');
    const p2 = uniqueId('ur');
    await update(ref(writer), { [`${p1}/x`]: 1, [`${p2}/y/z`]: 'two' });
    expect((await get(ref(reader, p1))).val()).toEqual({ x: 1 });
    expect((await get(ref(reader, p2))).val()).toEqual({ y: { z: 'two' } });
  });

  test('update can carry priorities', async () => {
    const path = uniqueId('u');
    await update(ref(writer, path), { a: { '.value': 1, '.priority': 7 }, b: { v: 'x', '.priority': 'pb' } });
    const snap = await get(ref(reader, path));
    expect(snap.child('a').priority).toBe(7);
    expect(snap.child('a').val()).toBe(1);
    expect(snap.child('b').priority).toBe('pb');
    expect(snap.child('b/v').val()).toBe('x');
  });
});
