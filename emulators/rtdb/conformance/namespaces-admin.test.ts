// 11. Namespaces are independent databases (emulators/rtdb/docs/protocol.md#url-and-namespaces, emulators/rtdb/docs/protocol.md#tool-endpoints);
// firebase-admin connects as owner (bypassing rules) and `databaseAuthVariableOverride` makes rules
// apply with that auth (emulators/rtdb/docs/protocol.md#admin-sdk, emulators/rtdb/docs/protocol.md#how-credentials-become-auth).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, onValue, ref, set } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { sleep, waitFor } from './waiting.testing';
import { closeAll, newAdmin, newClient } from './sdk-clients.testing';
import { putRules, rest } from './rest-client.testing';

afterAll(closeAll);

describe('namespaces', () => {
  const ns1 = uniqueNs('ns-one');
  const ns2 = uniqueNs('ns-two');

  test('the same path holds different data in two namespaces', async () => {
    const c1 = newClient(ns1).db;
    const c2 = newClient(ns2).db;
    await set(ref(c1, 'shared/value'), 'one');
    await set(ref(c2, 'shared/value'), 'two');
    expect((await get(ref(newClient(ns1).db, 'shared/value'))).val()).toBe('one');
    expect((await get(ref(newClient(ns2).db, 'shared/value'))).val()).toBe('two');
    expect((await rest('GET', ns1, 'shared/value')).json()).toBe('one');
    expect((await rest('GET', ns2, 'shared/value')).json()).toBe('two');
  });

  test('a listener in one namespace does not see writes to another', async () => {
    const path = uniqueId('iso');
    const seen: unknown[] = [];
    const unsub = onValue(ref(newClient(ns2).db, path), (s) => seen.push(s.val()));
    try {
      await waitFor(() => seen.length === 1, 'the initial null value in ns2');
      await set(ref(newClient(ns1).db, path), 'written in ns1');
      await set(ref(newClient(ns2).db, `${path}-marker`), 'x'); // a later write in ns2 itself
      await sleep(200);
      expect(seen).toEqual([null]);
    } finally {
      unsub();
    }
  });

  test('deleting a namespace root leaves the other namespace intact', async () => {
    await set(ref(newClient(ns1).db, 'keep'), 1);
    await set(ref(newClient(ns2).db, 'keep'), 2);
    expect((await rest('DELETE', ns1, '', { bearer: 'owner' })).status).toBe(200);
    expect((await rest('GET', ns1, 'keep')).json()).toBeNull();
    expect((await rest('GET', ns2, 'keep')).json()).toBe(2);
  });

  test('rules are per namespace', async () => {
    const locked = uniqueNs('ns-locked');
    const open = uniqueNs('ns-open');
    await putRules(locked, '{"rules": {".read": false, ".write": false}}');
    const lockedClient = newClient(locked).db;
    const openClient = newClient(open).db;
    await expect(set(ref(lockedClient, 'x'), 1)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await set(ref(openClient, 'x'), 1); // default rules: everything allowed
    expect((await get(ref(openClient, 'x'))).val()).toBe(1);
  });

  test('without a databaseURL the client uses <projectId>-default-rtdb', async () => {
    const projectId = uniqueId('demo-defns');
    const c = newClient(`${projectId}-default-rtdb`, { projectId, databaseURL: null });
    const path = uniqueId('dflt');
    await set(ref(c.db, path), 'default ns');
    expect((await rest('GET', `${projectId}-default-rtdb`, path)).json()).toBe('default ns');
  });
});

describe('firebase-admin', () => {
  const ns = uniqueNs('admin');
  const RULES = `{
    // owner-only user records, a public area, everything else closed
    "rules": {
      "users": { "$uid": { ".read": "auth != null && auth.uid == $uid", ".write": "auth != null && auth.uid == $uid" } },
      "public": { ".read": true, ".write": "auth == null || auth.uid != null" },
      "authOnly": { ".read": "auth != null", ".write": "auth != null" }
    }
  }`;

  beforeAll(async () => {
    await putRules(ns, RULES);
  });

  test('the admin SDK reads and writes everything regardless of rules', async () => {
    const admin = newAdmin(ns);
    await admin.db.ref('closed/area').set({ a: 1 });
    await admin.db.ref('users/alice').set({ name: 'Alice' });
    expect((await admin.db.ref('closed/area').get()).val()).toEqual({ a: 1 });
    expect((await admin.db.ref('users/alice').once('value')).val()).toEqual({ name: 'Alice' });
    await admin.db.ref('closed/area').update({ b: 2, 'c/d': 3 });
    const pushed = await admin.db.ref('closed/list').push({ p: true });
    expect((await admin.db.ref(`closed/list/${pushed.key}`).get()).val()).toEqual({ p: true });
    const tx = await admin.db.ref('closed/counter').transaction((v: number | null) => (v ?? 0) + 1);
    expect(tx.committed).toBe(true);
    expect((await admin.db.ref('closed').get()).val()).toMatchObject({
      area: { a: 1, b: 2, c: { d: 3 } },
      counter: 1,
    });
    // An unauthenticated client is denied the same data.
    const err = await get(ref(newClient(ns).db, 'closed/area')).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message ?? '').toMatch(/permission.denied/i);
  });

  test('admin writes are seen by client SDK listeners', async () => {
    const admin = newAdmin(ns);
    const client = newClient(ns, { mockUserToken: { sub: 'carol' } }).db;
    const seen: unknown[] = [];
    const unsub = onValue(ref(client, 'users/carol'), (s) => seen.push(s.val()));
    try {
      await admin.db.ref('users/carol').set({ from: 'admin' });
      await waitFor(
        () => JSON.stringify(seen.at(-1)) === JSON.stringify({ from: 'admin' }),
        () => `carol sees the admin write; saw ${JSON.stringify(seen)}`,
      );
    } finally {
      unsub();
    }
  });

  test('databaseAuthVariableOverride {uid} applies the rules as that user', async () => {
    const asAlice = newAdmin(ns, { uid: 'alice' });
    await asAlice.db.ref('users/alice/name').set('Alice (override)');
    await expect(asAlice.db.ref('users/bob').set({ name: 'no' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    await expect(asAlice.db.ref('closed/area').get()).rejects.toThrow(/permission.denied/i);
    expect((await asAlice.db.ref('users/alice').get()).val()).toMatchObject({ name: 'Alice (override)' });
    expect((await asAlice.db.ref('authOnly').get()).exists()).toBe(false); // readable, empty
    const owner = newAdmin(ns);
    expect((await owner.db.ref('users/bob').get()).exists()).toBe(false);
  });

  test('databaseAuthVariableOverride null applies the rules as unauthenticated', async () => {
    const asNobody = newAdmin(ns, null);
    await asNobody.db.ref('public/x').set('anon write');
    await expect(asNobody.db.ref('authOnly/x').set(1)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(asNobody.db.ref('users/alice').get()).rejects.toThrow(/permission.denied/i);
    expect((await asNobody.db.ref('public').get()).val()).toEqual({ x: 'anon write' });
  });
});
