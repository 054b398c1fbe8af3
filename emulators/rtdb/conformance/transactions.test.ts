// 4. Transactions (emulators/rtdb/docs/protocol.md#transactions-and-the-hash): convergence under contention, and the server's hash of
// the current value must equal the SDK's own hash, so a transaction commits in one or two passes
// instead of looping until "maxretry" (25 attempts).
import { describe, expect, test } from 'vitest';
import { get, onValue, ref, runTransaction, set, setWithPriority, type Database } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { waitFor } from './waiting.testing';
import { newClient, openDatabases } from './sdk-clients.testing';
import { valueWhere } from './snapshots.testing';
import { rest } from './rest-client.testing';

const ns = uniqueNs('tx');
const [A, B, reader] = openDatabases(ns, 3);

test('2 clients x 20 sequential increments converge to 40', async () => {
  const path = uniqueId('counter');
  const run = async (db: Database) => {
    for (let i = 0; i < 20; i++) {
      const r = await runTransaction(ref(db, path), (v: number | null) => (v ?? 0) + 1);
      expect(r.committed).toBe(true);
    }
  };
  await Promise.all([run(A), run(B)]);
  expect((await get(ref(reader, path))).val()).toBe(40);
});

test('a burst of 20 queued transactions per client, one client after the other, gives 40', async () => {
  const path = uniqueId('counter');
  const burst = (db: Database) =>
    Promise.all(Array.from({ length: 20 }, () => runTransaction(ref(db, path), (v: number | null) => (v ?? 0) + 1)));
  const first = await burst(A);
  const second = await burst(B);
  expect([...first, ...second].every((r) => r.committed)).toBe(true);
  expect((await get(ref(reader, path))).val()).toBe(40);
});

test('interleaved transactions from both clients under real contention', async () => {
  const path = uniqueId('counter');
  const burst = (db: Database) =>
    Promise.all(Array.from({ length: 20 }, () => runTransaction(ref(db, path), (v: number | null) => (v ?? 0) + 1)));
  const [ra, rb] = await Promise.all([burst(A), burst(B)]);
  expect([...ra, ...rb].filter((r) => !r.committed)).toHaveLength(0);
  expect((await get(ref(reader, path))).val()).toBe(40);
});

test('a transaction on an empty location commits on the first pass', async () => {
  const path = uniqueId('fresh');
  let calls = 0;
  const r = await runTransaction(ref(A, path), (v) => {
    calls++;
    return v === null ? 'created' : v;
  });
  expect(r.committed).toBe(true);
  expect(r.snapshot.val()).toBe('created');
  expect(calls).toBeLessThanOrEqual(2);
  expect((await get(ref(reader, path))).val()).toBe('created');
});

test('an aborted transaction (undefined) writes nothing', async () => {
  const path = uniqueId('abort');
  await set(ref(A, path), 'keep');
  const r = await runTransaction(ref(B, path), (v) => (v === 'keep' ? undefined : 'changed'));
  expect(r.committed).toBe(false);
  expect((await get(ref(reader, path))).val()).toBe('keep');
});

test('the other client sees the committed value', async () => {
  const path = uniqueId('seen');
  await set(ref(A, path), 1);
  const seen = valueWhere(ref(B, path), (s) => s.val() === 2, 'B sees the transaction result');
  await runTransaction(ref(A, path), (v: number | null) => (v ?? 0) + 1);
  await seen;
});

// Values whose hash is easy to get wrong. `write` puts the value in place through another client
// (or REST, for -0, which the SDK cannot send: JSON.stringify(-0) is "0").
interface TrickyCase {
  name: string;
  write: (path: string) => Promise<void>;
  /** Checks the value the update function received. */
  check: (v: unknown) => boolean;
  next: (v: unknown) => unknown;
}

const nestedValue = {
  '10': 1,
  '9': 2,
  b: { '.value': 'x', '.priority': 1 },
  a: { c: 2 ** -116, '.priority': 'z' },
  p: { '.value': 0.1, '.priority': 2 ** -116 },
  arr: [1, 2, 3],
  s: 'str',
  t: true,
  f: 1e-300,
  u: 'ünïcödé 🚀',
};

const trickyCases: TrickyCase[] = [
  {
    name: '2^-116',
    write: (p) => set(ref(A, p), 2 ** -116),
    check: (v) => v === 2 ** -116,
    next: (v) => (v as number) * 2,
  },
  {
    name: '-0 (written over REST)',
    write: async (p) => {
      const res = await rest('PUT', ns, p, { rawBody: '-0' });
      expect(res.status).toBe(200);
    },
    check: (v) => v === 0,
    next: () => 1,
  },
  {
    name: '1e-300',
    write: (p) => set(ref(A, p), 1e-300),
    check: (v) => v === 1e-300,
    next: () => 'done',
  },
  {
    name: 'an integer',
    write: (p) => set(ref(A, p), 123456789),
    check: (v) => v === 123456789,
    next: (v) => (v as number) + 1,
  },
  {
    name: '0.1 with a 2^-116 priority',
    write: (p) => setWithPriority(ref(A, p), 0.1, 2 ** -116),
    check: (v) => v === 0.1,
    next: () => 0.2,
  },
  {
    name: 'a string',
    write: (p) => set(ref(A, p), 'some string ✓'),
    check: (v) => v === 'some string ✓',
    next: (v) => `${String(v)}!`,
  },
  {
    name: 'true',
    write: (p) => set(ref(A, p), true),
    check: (v) => v === true,
    next: () => false,
  },
  {
    name: 'a nested object with integer keys and child priorities',
    write: (p) => setWithPriority(ref(A, p), nestedValue, 3),
    check: (v) => (v as { a?: { c?: number } } | null)?.a?.c === 2 ** -116,
    next: (v) => ({ ...(v as object), touched: true }),
  },
  {
    name: 'an object whose keys mix int32 and long numeric strings',
    write: (p) => set(ref(A, p), { '2147483648': 'big', '-1': 'neg', '007': 'z', '7': 'seven', x: 'x' }),
    check: (v) => (v as Record<string, string> | null)?.['007'] === 'z',
    next: () => 'replaced',
  },
];

describe('the hash matches for tricky current values', () => {
  test.each(trickyCases)('$name: with a listener holding the value, runs once or twice', async (c) => {
    const path = uniqueId('hash');
    await c.write(path);
    const client = newClient(ns); // a fresh client so nothing else is cached
    const T = client.db;
    const seen: unknown[] = [];
    const unsub = onValue(ref(T, path), (s) => seen.push(s.val()));
    try {
      await waitFor(() => seen.length > 0 && c.check(seen.at(-1)), 'the listener to hold the value');
      let calls = 0;
      let sawExpected = false;
      const r = await runTransaction(ref(T, path), (v) => {
        calls++;
        if (c.check(v)) sawExpected = true;
        return c.next(v);
      });
      expect({ committed: r.committed, calls: calls <= 2, sawExpected }).toEqual({
        committed: true,
        calls: true,
        sawExpected: true,
      });
    } finally {
      unsub();
      await client.close();
    }
  });

  test.each(trickyCases)('$name: without a listener, commits after at most one datastale', async (c) => {
    const path = uniqueId('hash');
    await c.write(path);
    const client = newClient(ns);
    let calls = 0;
    let sawExpected = false;
    const r = await runTransaction(ref(client.db, path), (v) => {
      calls++;
      if (c.check(v)) sawExpected = true;
      return c.next(v);
    }).finally(() => client.close());
    expect(r.committed).toBe(true);
    expect(sawExpected).toBe(true);
    expect(calls).toBeLessThanOrEqual(3);
  });
});

test('a transaction whose result is then read back by another client', async () => {
  const path = uniqueId('hash');
  await set(ref(A, path), 2 ** -116);
  const r = await runTransaction(ref(B, path), (v: number | null) => (v === null ? null : v + 1));
  expect(r.committed).toBe(true);
  expect((await get(ref(reader, path))).val()).toBe(2 ** -116 + 1);
});
