// 3. Listeners across two separate client apps (two connections): writes by client A must reach
// client B's listeners with the SDK's documented child events.
import { expect, test } from 'vitest';
import { get, goOffline, goOnline, onValue, push, ref, remove, set, setPriority, update, type DataSnapshot } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { sleep, waitFor, withTimeout } from './waiting.testing';
import { newClient, openDatabases } from './sdk-clients.testing';
import { EventLog, firstValue, valueWhere } from './snapshots.testing';

const ns = uniqueNs('listeners');
const [A, B] = openDatabases(ns, 2);

test('a write by client A is seen by client B', async () => {
  const path = uniqueId('msg');
  const seen = valueWhere(ref(B, path), (s) => s.val() === 'hello from A', "B sees A's write");
  await set(ref(A, path), 'hello from A');
  await seen;
});

test('a listener on an empty location first fires with null', async () => {
  const snap = await firstValue(ref(B, uniqueId('nothing')));
  expect(snap.exists()).toBe(false);
  expect(snap.val()).toBeNull();
});

test('child_added / child_changed / child_removed across clients', async () => {
  const path = uniqueId('list');
  const log = new EventLog(ref(B, path));
  try {
    await waitFor(() => log.values.length >= 1, 'initial (empty) value event on B');
    const k1 = push(ref(A, path), { n: 1 }).key as string;
    const k2 = push(ref(A, path), { n: 2 }).key as string;
    const k3 = push(ref(A, path), { n: 3 }).key as string;
    await log.reaches([k1, k2, k3], [`child_added ${k1} null`, `child_added ${k2} ${k1}`, `child_added ${k3} ${k2}`]);

    await set(ref(A, `${path}/${k2}/n`), 20);
    await waitFor(() => log.events.length >= 1, 'child_changed on B');
    expect(log.events[0]).toMatchObject({ type: 'child_changed', key: k2, prev: k1, val: { n: 20 } });
    log.take();

    await remove(ref(A, `${path}/${k1}`));
    await log.waitForKeys([k2, k3]);
    expect(log.events).toEqual([{ type: 'child_removed', key: k1, prev: undefined, val: { n: 1 } }]);
    log.take();
  } finally {
    log.stop();
  }
});

test('child_moved when client A changes a priority (default priority order)', async () => {
  const path = uniqueId('prio');
  await set(ref(A, path), { a: 'x', b: 'y', c: 'z' });
  const log = new EventLog(ref(B, path));
  try {
    await log.waitForKeys(['a', 'b', 'c']);
    log.take();
    await setPriority(ref(A, `${path}/a`), 1); // a now sorts after the children without priority
    await log.reaches(['b', 'c', 'a'], ['child_moved a c', 'child_changed a c']);
  } finally {
    log.stop();
  }
});

test('a deep write by A reaches B listening on an ancestor, and vice versa', async () => {
  const base = uniqueId('deep');
  await set(ref(A, base), { x: { y: { z: 1 } }, other: true });
  const parentSeen = valueWhere(
    ref(B, base),
    (s) => s.child('x/y/z').val() === 2 && s.child('other').val() === true,
    'B (listening on the parent) sees the deep write merged into the rest',
  );
  await set(ref(A, `${base}/x/y/z`), 2);
  await parentSeen;

  const childSeen = valueWhere(ref(B, `${base}/x/y/z`), (s) => s.val() === 'replaced', 'B (deep) sees parent set');
  await set(ref(A, base), { x: { y: { z: 'replaced' } } });
  await childSeen;
});

test('an ancestor removal fires null on a deep listener of the other client', async () => {
  const base = uniqueId('anc');
  await set(ref(A, `${base}/a/b`), 'v');
  const values: unknown[] = [];
  const unsub = onValue(ref(B, `${base}/a/b`), (s: DataSnapshot) => values.push(s.val()));
  try {
    await waitFor(() => values.includes('v'), 'B sees the initial value');
    await remove(ref(A, base));
    await waitFor(
      () => values.at(-1) === null,
      () => `B sees null after removal; saw ${JSON.stringify(values)}`,
    );
  } finally {
    unsub();
  }
});

test('update() by A produces one consistent change on B', async () => {
  const base = uniqueId('upd');
  await set(ref(A, base), { a: 1, b: 2, c: 3 });
  const log = new EventLog(ref(B, base));
  try {
    await log.waitForKeys(['a', 'b', 'c']);
    log.take();
    await update(ref(A, base), { a: 10, b: null, d: 4 });
    await log.waitForKeys(['a', 'c', 'd']);
    expect(log.values.at(-1)?.val()).toEqual({ a: 10, c: 3, d: 4 });
    expect(log.take().sort()).toEqual(['child_added d c', 'child_changed a null', 'child_removed b'].sort());
  } finally {
    log.stop();
  }
});

test('both clients listening see each other’s writes (ping-pong)', async () => {
  const path = uniqueId('pp');
  const onA = valueWhere(ref(A, path), (s) => s.val()?.from === 'B', "A sees B's write");
  await set(ref(A, path), { from: 'A' });
  await valueWhere(ref(B, path), (s) => s.val()?.from === 'A', "B sees A's write");
  await set(ref(B, path), { from: 'B' });
  await onA;
});

test('after an unsubscribe the other listeners on the same connection keep working', async () => {
  const path = uniqueId('unsub');
  const seen1: unknown[] = [];
  const seen2: unknown[] = [];
  const u1 = onValue(ref(B, path), (s) => seen1.push(s.val()));
  const u2 = onValue(ref(B, `${path}/child`), (s) => seen2.push(s.val()));
  try {
    await set(ref(A, `${path}/child`), 1);
    await waitFor(() => seen1.length > 0 && seen2.includes(1), 'both listeners see the first write');
    u1();
    await set(ref(A, `${path}/child`), 2);
    await waitFor(() => seen2.includes(2), 'the remaining deep listener sees the second write');
  } finally {
    u1();
    u2();
  }
});

test('after goOffline/goOnline a listener catches up with writes made meanwhile', async () => {
  const path = uniqueId('reconnect');
  const c = newClient(ns).db;
  const values: unknown[] = [];
  const unsub = onValue(ref(c, path), (s) => values.push(s.val()));
  try {
    await set(ref(A, path), 'v1');
    await waitFor(() => values.at(-1) === 'v1', 'the listener sees v1');
    goOffline(c);
    await set(ref(A, path), 'v2 (written while the listener was offline)');
    const local = set(ref(c, `${path}-offline-write`), 'queued while offline'); // sent on reconnect
    goOnline(c);
    await waitFor(
      () => values.at(-1) === 'v2 (written while the listener was offline)',
      () => `the listener catches up after reconnecting; saw ${JSON.stringify(values)}`,
    );
    await withTimeout(local, 4000, 'the write queued while offline to be acknowledged after reconnecting');
    expect((await get(ref(B, `${path}-offline-write`))).val()).toBe('queued while offline');
  } finally {
    unsub();
  }
});

test('a listener on the namespace root sees writes anywhere', async () => {
  const rootNs = uniqueNs('listeners-root');
  const w = newClient(rootNs).db;
  const r = newClient(rootNs).db;
  const seen = valueWhere(ref(r), (s) => s.child('a/b/c').val() === 1 && s.child('x').val() === 'y', 'the root listener sees both writes');
  await set(ref(w, 'a/b/c'), 1);
  await set(ref(w, 'x'), 'y');
  await seen;
});

test('the writer’s own listener sees old → new once (data is pushed before the write is acknowledged)', async () => {
  const path = uniqueId('echo');
  await set(ref(B, path), 'old');
  const values: unknown[] = [];
  const unsub = onValue(ref(A, path), (s) => values.push(s.val()));
  try {
    await waitFor(() => values.at(-1) === 'old', 'A sees the old value');
    await set(ref(A, path), 'new');
    await sleep(150); // let any late server push arrive
    expect(values).toEqual(['old', 'new']);
  } finally {
    unsub();
  }
});
