// 5. Server values (emulators/rtdb/docs/protocol.md#server-values): serverTimestamp() and increment(), resolved
// by the server.
// Values are read back by a different client, so the writer's optimistic local resolution cannot hide
// a server that stores the placeholder instead of resolving it.
import { expect, test } from 'vitest';
import { get, increment, ref, serverTimestamp, set, setWithPriority, update } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { openDatabases } from './sdk-clients.testing';
import { rest } from './rest-client.testing';

const ns = uniqueNs('sv');
const [writer, other, reader] = openDatabases(ns, 3);

const TOLERANCE_MS = 2000;

function expectNow(v: unknown, before: number, after: number) {
  expect(typeof v).toBe('number');
  expect(v as number).toBeGreaterThanOrEqual(before - TOLERANCE_MS);
  expect(v as number).toBeLessThanOrEqual(after + TOLERANCE_MS);
}

test('serverTimestamp() is resolved to a number close to Date.now()', async () => {
  const path = uniqueId('ts');
  const before = Date.now();
  await set(ref(writer, path), serverTimestamp());
  const after = Date.now();
  const v = (await get(ref(reader, path))).val();
  expectNow(v, before, after);
  expect(Number.isInteger(v)).toBe(true);
});

test('serverTimestamp() nested inside an object, and in REST output', async () => {
  const path = uniqueId('ts');
  const before = Date.now();
  await set(ref(writer, path), { created: serverTimestamp(), meta: { at: serverTimestamp() }, name: 'n' });
  const after = Date.now();
  const snap = await get(ref(reader, path));
  expectNow(snap.child('created').val(), before, after);
  expectNow(snap.child('meta/at').val(), before, after);
  expect(snap.child('created').val()).toBe(snap.child('meta/at').val()); // one instant per write
  const viaRest = (await rest('GET', ns, path)).json() as Record<string, unknown>;
  expect(viaRest.created).toBe(snap.child('created').val());
});

test('serverTimestamp() as a priority', async () => {
  const path = uniqueId('ts');
  const before = Date.now();
  await setWithPriority(ref(writer, path), 'v', serverTimestamp() as unknown as number); // the SDK accepts {.sv} priorities
  const after = Date.now();
  const snap = await get(ref(reader, path));
  expect(snap.val()).toBe('v');
  expectNow(snap.priority, before, after);
});

test('increment() on an existing number', async () => {
  const path = uniqueId('inc');
  await set(ref(writer, path), 10);
  await set(ref(writer, path), increment(5));
  expect((await get(ref(reader, path))).val()).toBe(15);
});

test('increment() with a fractional and a negative delta', async () => {
  const path = uniqueId('inc');
  await set(ref(writer, path), 1.5);
  await set(ref(writer, path), increment(-2.25));
  expect((await get(ref(reader, path))).val()).toBe(-0.75);
});

test('increment() on an empty location gives the delta', async () => {
  const path = uniqueId('inc');
  await set(ref(writer, path), increment(5));
  expect((await get(ref(reader, path))).val()).toBe(5);
});

test('increment() on a string replaces it with the delta', async () => {
  const path = uniqueId('inc');
  await set(ref(writer, path), 'abc');
  await set(ref(writer, path), increment(3));
  expect((await get(ref(reader, path))).val()).toBe(3);
});

test('increment() on an object replaces it with the delta', async () => {
  const path = uniqueId('inc');
  await set(ref(writer, path), { a: 1 });
  await set(ref(writer, path), increment(2));
  expect((await get(ref(reader, path))).val()).toBe(2);
});

test('increment() uses the server value, not the writer’s stale view', async () => {
  const path = uniqueId('inc');
  await set(ref(other, path), 100); // the writer never saw this value
  await set(ref(writer, path), increment(1));
  expect((await get(ref(reader, path))).val()).toBe(101);
});

test('increment() and serverTimestamp() inside update()', async () => {
  const path = uniqueId('incu');
  await set(ref(writer, path), { a: 1, b: { c: 10 }, s: 'str' });
  const before = Date.now();
  await update(ref(writer, path), {
    a: increment(1),
    'b/c': increment(2),
    'b/new': increment(7),
    s: increment(4),
    t: serverTimestamp(),
  });
  const after = Date.now();
  const v = (await get(ref(reader, path))).val();
  expect({ a: v.a, b: v.b, s: v.s }).toEqual({ a: 2, b: { c: 12, new: 7 }, s: 4 });
  expectNow(v.t, before, after);
});

test('increment() inside a nested object of set()', async () => {
  const path = uniqueId('incn');
  await set(ref(writer, path), { x: { n: 5 } });
  await set(ref(writer, path), { x: { n: increment(1) }, y: increment(1) });
  expect((await get(ref(reader, path))).val()).toEqual({ x: { n: 6 }, y: 1 });
});

test('concurrent increments from two clients are all applied', async () => {
  const path = uniqueId('incc');
  await Promise.all([
    ...Array.from({ length: 10 }, () => set(ref(writer, path), increment(1))),
    ...Array.from({ length: 10 }, () => set(ref(other, path), increment(1))),
  ]);
  expect((await get(ref(reader, path))).val()).toBe(20);
});

test('REST write with {".sv":"timestamp"} is resolved', async () => {
  const path = uniqueId('rts');
  const before = Date.now();
  const res = await rest('PUT', ns, path, { body: { at: { '.sv': 'timestamp' } } });
  const after = Date.now();
  expect(res.status).toBe(200);
  expectNow((await get(ref(reader, `${path}/at`))).val(), before, after);
});
