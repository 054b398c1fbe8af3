// 9. Messages over 16384 characters in both directions (emulators/rtdb/docs/protocol.md#frames): the SDK splits its
// requests into a frame count plus 16384-character frames; the server must reassemble them and may
// split its own large messages the same way.
import { expect, test } from 'vitest';
import { get, onValue, ref, set, update, type DataSnapshot } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { waitFor } from './waiting.testing';
import { openDatabases } from './sdk-clients.testing';
import { valueWhere } from './snapshots.testing';
import { rest } from './rest-client.testing';

const ns = uniqueNs('frames');
const [writer, reader, watcher] = openDatabases(ns, 3);

/** A deterministic string of `n` UTF-16 code units without surrogate pairs (mixed 1-3 byte UTF-8). */
function bigString(n: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 éüñ中文字"\\/{}[]:,';
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[(i * 7 + (i >> 5)) % alphabet.length];
  return s;
}

function bigObject(children: number): Record<string, { title: string; n: number; tags: string[] }> {
  const o: Record<string, { title: string; n: number; tags: string[] }> = {};
  for (let i = 0; i < children; i++) {
    o[`item${String(i).padStart(5, '0')}`] = { title: `title number ${i} ${'x'.repeat(20)}`, n: i, tags: ['a', 'b'] };
  }
  return o;
}

test('a 40,000-character string round-trips (client→server and server→client)', async () => {
  const path = uniqueId('s40k');
  const value = bigString(40_000);
  expect(value.length).toBe(40_000);
  await set(ref(writer, path), value);
  const snap = await get(ref(reader, path));
  expect(snap.val()).toBe(value);
  expect((await rest('GET', ns, path)).json()).toBe(value);
});

test('a large object (~200 KB of JSON) round-trips', async () => {
  const path = uniqueId('obj');
  const value = bigObject(3000);
  expect(JSON.stringify(value).length).toBeGreaterThan(150_000);
  await set(ref(writer, path), value);
  const snap = await get(ref(reader, path));
  expect(snap.size).toBe(3000);
  expect(snap.exportVal()).toEqual(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, { ...v, tags: { '0': 'a', '1': 'b' } }])));
});

test('a listener receives a large push from another client’s write', async () => {
  const path = uniqueId('push');
  const value = bigString(100_000);
  const seen = valueWhere(ref(watcher, path), (s) => s.val() === value, 'the watcher receives the 100k string');
  await set(ref(writer, path), value);
  await seen;
});

test('a large update() (multi-path) is reassembled', async () => {
  const path = uniqueId('upd');
  const patch: Record<string, string> = {};
  for (let i = 0; i < 50; i++) patch[`k${i}/text`] = bigString(1000 + i);
  await update(ref(writer, path), patch);
  const snap = await get(ref(reader, path));
  expect(snap.size).toBe(50);
  expect(snap.child('k49/text').val()).toBe(bigString(1049));
});

test('a 1 MB string round-trips', async () => {
  const path = uniqueId('mb');
  const value = bigString(1_000_000);
  await set(ref(writer, path), value);
  const snap = await get(ref(reader, path));
  expect((snap.val() as string).length).toBe(1_000_000);
  expect(snap.val() === value).toBe(true);
});

test('the connection keeps working normally after large messages', async () => {
  const path = uniqueId('after');
  const values: unknown[] = [];
  const unsub = onValue(ref(watcher, path), (s: DataSnapshot) => values.push(s.val()));
  try {
    await set(ref(writer, path), bigString(20_000));
    await set(ref(writer, path), 'small');
    await waitFor(() => values.at(-1) === 'small', 'the small write after a large one');
  } finally {
    unsub();
  }
});
