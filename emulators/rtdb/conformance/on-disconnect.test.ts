// 6. onDisconnect (emulators/rtdb/docs/protocol.md#ondisconnect): writes registered by client A run on the server when A's
// connection closes (goOffline() or deleteApp()); client B observes the result.
import { expect, test } from 'vitest';
import { get, goOffline, onDisconnect, ref, serverTimestamp, set } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { sleep } from './waiting.testing';
import { newClient, openDatabases } from './sdk-clients.testing';
import { valueWhere } from './snapshots.testing';

const ns = uniqueNs('ondisc');
const [B] = openDatabases(ns, 1);

test('set / update / remove / cancel fire (or not) when A goes offline', async () => {
  const base = uniqueId('od');
  await set(ref(B, base), {
    setMe: 'initial',
    updateMe: { keep: 1, x: 0 },
    removeMe: 'present',
    cancelMe: 'untouched',
  });
  const A = newClient(ns).db;
  const od = (p: string) => onDisconnect(ref(A, `${base}/${p}`));
  await od('setMe').set('gone');
  await od('updateMe').update({ x: 1, 'y/z': 2 });
  await od('removeMe').remove();
  const cancelled = od('cancelMe');
  await cancelled.set('should not happen');
  await cancelled.cancel();
  await od('stamp').set(serverTimestamp());
  // Nothing has fired yet.
  expect((await get(ref(B, `${base}/setMe`))).val()).toBe('initial');

  const before = Date.now();
  goOffline(A);
  const snap = await valueWhere(
    ref(B, base),
    (s) => s.child('setMe').val() === 'gone' && !s.child('removeMe').exists() && s.child('stamp').exists(),
    "B sees A's onDisconnect writes",
  );
  expect(snap.child('updateMe').val()).toEqual({ keep: 1, x: 1, y: { z: 2 } });
  expect(snap.child('cancelMe').val()).toBe('untouched');
  const stamp = snap.child('stamp').val() as number;
  expect(stamp).toBeGreaterThanOrEqual(before - 2000);
  expect(stamp).toBeLessThanOrEqual(Date.now() + 2000);
  // Give a stray cancelled write time to show up, then check again on the server.
  await sleep(200);
  expect((await get(ref(B, `${base}/cancelMe`))).val()).toBe('untouched');
});

test('onDisconnect fires when the app is deleted', async () => {
  const path = uniqueId('od-del');
  const a = newClient(ns);
  await set(ref(a.db, path), 'online');
  await onDisconnect(ref(a.db, path)).set('offline');
  await a.close(); // deleteApp
  await valueWhere(ref(B, path), (s) => s.val() === 'offline', 'B sees "offline" after A\'s app is deleted');
});

test('onDisconnect().remove() on a presence node', async () => {
  const path = uniqueId('presence');
  const a = newClient(ns);
  await set(ref(a.db, path), { online: true });
  await onDisconnect(ref(a.db, path)).remove();
  await valueWhere(ref(B, path), (s) => s.val()?.online === true, 'B sees A online');
  await a.close();
  await valueWhere(ref(B, path), (s) => !s.exists(), 'B sees the presence node removed');
});

test('cancel() on a parent cancels writes registered below it', async () => {
  const base = uniqueId('od-par');
  await set(ref(B, `${base}/marker`), 'before');
  const a = newClient(ns);
  await onDisconnect(ref(a.db, `${base}/child/deep`)).set('should not happen');
  await onDisconnect(ref(a.db, `${base}/child2`)).set('should not happen either');
  await onDisconnect(ref(a.db, base)).cancel();
  await onDisconnect(ref(a.db, `${base}/marker`)).set('after'); // registered after the cancel: fires
  await a.close();
  const snap = await valueWhere(ref(B, base), (s) => s.child('marker').val() === 'after', 'the marker write');
  await sleep(100);
  expect(snap.child('child').exists()).toBe(false);
  expect((await get(ref(B, base))).val()).toEqual({ marker: 'after' });
});

test('a later onDisconnect().set() at the same path replaces the earlier one', async () => {
  const path = uniqueId('od-rep');
  const a = newClient(ns);
  await onDisconnect(ref(a.db, path)).set('first');
  await onDisconnect(ref(a.db, path)).set('second');
  await a.close();
  await valueWhere(ref(B, path), (s) => s.val() === 'second', 'B sees the second registration');
});

test('onDisconnect().setWithPriority()', async () => {
  const path = uniqueId('od-prio');
  const a = newClient(ns);
  await onDisconnect(ref(a.db, path)).setWithPriority('bye', 42);
  await a.close();
  const snap = await valueWhere(ref(B, path), (s) => s.val() === 'bye', 'B sees the value');
  expect(snap.priority).toBe(42);
});

test('onDisconnect writes of one client do not fire when another client disconnects', async () => {
  const path = uniqueId('od-iso');
  const a = newClient(ns);
  const c = newClient(ns);
  await set(ref(a.db, path), 'stable');
  await onDisconnect(ref(a.db, path)).set('a left');
  await c.close(); // a different connection goes away
  await sleep(300);
  expect((await get(ref(B, path))).val()).toBe('stable');
  await a.close();
  await valueWhere(ref(B, path), (s) => s.val() === 'a left', "B sees A's write once A leaves");
});
