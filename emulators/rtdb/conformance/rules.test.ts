// 7. Security rules through @firebase/rules-unit-testing (emulators/rtdb/docs/protocol.md#auth-in-emulator-mode,
// emulators/rtdb/docs/protocol.md#security-rules-semantics).
// The rules are uploaded by initializeTestEnvironment (PUT /.settings/rules.json as owner, raw text
// with comments) into namespace = projectId.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { EMULATOR_HOSTNAME, EMULATOR_PORT, uniqueId } from './target.testing';
import { waitFor } from './waiting.testing';

const RULES = `{
  // Conformance rules: comments are allowed in a rules file.
  "rules": {
    /* Owner-only profiles with validation. */
    "users": {
      "$uid": {
        ".read": "auth != null && auth.uid == $uid",
        ".write": "auth != null && auth.uid == $uid",
        ".validate": "newData.hasChildren(['name'])",
        "name": { ".validate": "newData.isString() && newData.val().length > 0 && newData.val().length <= 20" },
        "age": { ".validate": "newData.isNumber() && newData.val() >= 0 && newData.val() < 150" },
        "email": { ".validate": "newData.isString() && newData.val().matches(/^[^@]+@[^@]+[.][a-z]+$/)" },
        "$other": { ".validate": false }
      }
    },
    "orders": {
      ".read": "auth != null && query.orderByChild == 'buyer' && query.equalTo == auth.uid",
      ".indexOn": ["buyer"],
      "$id": {
        ".write": "auth != null && (data.exists() ? data.child('buyer').val() == auth.uid : newData.child('buyer').val() == auth.uid)"
      }
    },
    "verified": {
      ".read": "auth != null && auth.token.email_verified == true",
      ".write": "auth != null && auth.token.email_verified == true"
    },
    "stamps": {
      "$id": {
        ".read": true,
        ".write": "auth != null",
        ".validate": "newData.val() == now"
      }
    },
    "timed": {
      ".read": "now > 1600000000000",
      "$id": { ".write": true, ".validate": "newData.isNumber() && newData.val() <= now" }
    },
    "admins": { ".read": false, ".write": false },
    "adminOnly": {
      ".read": "auth != null && root.child('admins').child(auth.uid).val() == true",
      ".write": "auth != null && root.child('admins/' + auth.uid).exists()"
    },
    "public": { ".read": true, ".write": "auth != null" },
    "pair": {
      ".read": true,
      ".write": "auth != null",
      "a": { ".validate": "newData.isNumber()" },
      "b": { ".validate": "newData.isString()" }
    }
  }
}`;

const projectId = uniqueId('demo-rules');
let testEnv: RulesTestEnvironment;
let alice: ReturnType<RulesTestContext['database']>;
let bob: ReturnType<RulesTestContext['database']>;
let anon: ReturnType<RulesTestContext['database']>;
let verified: ReturnType<RulesTestContext['database']>;
let unverified: ReturnType<RulesTestContext['database']>;

/** Reads a path ignoring rules. */
async function adminRead(path: string): Promise<unknown> {
  let value: unknown;
  await testEnv.withSecurityRulesDisabled(async (ctx) => {
    value = (await ctx.database().ref(path).get()).val();
  });
  return value;
}

async function adminWrite(path: string, value: unknown): Promise<void> {
  await testEnv.withSecurityRulesDisabled(async (ctx) => {
    await ctx.database().ref(path).set(value);
  });
}

beforeAll(async () => {
  testEnv = await initializeTestEnvironment({
    projectId,
    database: { host: EMULATOR_HOSTNAME, port: EMULATOR_PORT, rules: RULES },
  });
  alice = testEnv.authenticatedContext('alice', { email: 'alice@example.com' }).database();
  bob = testEnv.authenticatedContext('bob').database();
  anon = testEnv.unauthenticatedContext().database();
  verified = testEnv.authenticatedContext('vera', { email_verified: true }).database();
  unverified = testEnv.authenticatedContext('una', { email_verified: false }).database();
});

afterAll(async () => {
  await testEnv?.cleanup();
});

describe('owner-only users/$uid', () => {
  test('the owner can write and read their own profile', async () => {
    await assertSucceeds(alice.ref('users/alice').set({ name: 'Alice', age: 30 }));
    const snap = await assertSucceeds(alice.ref('users/alice').get());
    expect(snap.val()).toEqual({ name: 'Alice', age: 30 });
  });

  test('another user cannot read or write it', async () => {
    await adminWrite('users/alice', { name: 'Alice' });
    await assertFails(bob.ref('users/alice').get());
    await assertFails(bob.ref('users/alice').set({ name: 'Mallory' }));
    await assertFails(bob.ref('users/alice/name').set('Mallory'));
    expect(await adminRead('users/alice')).toEqual({ name: 'Alice' });
  });

  test('an unauthenticated client cannot read or write it', async () => {
    await assertFails(anon.ref('users/alice').get());
    await assertFails(anon.ref('users/alice').once('value'));
    await assertFails(anon.ref('users/anon').set({ name: 'x' }));
  });

  test('rules are not filters: the owner cannot read the parent list', async () => {
    await assertFails(alice.ref('users').get());
  });
});

describe('.validate with newData', () => {
  test('types, length and matches()', async () => {
    await assertSucceeds(alice.ref('users/alice').set({ name: 'Al', age: 5, email: 'al@example.com' }));
    await assertFails(alice.ref('users/alice').set({ name: 123 }));
    await assertFails(alice.ref('users/alice').set({ name: '' }));
    await assertFails(alice.ref('users/alice').set({ name: 'x'.repeat(21) }));
    await assertSucceeds(alice.ref('users/alice').set({ name: 'x'.repeat(20) }));
    await assertFails(alice.ref('users/alice').set({ name: 'Al', age: -1 }));
    await assertFails(alice.ref('users/alice').set({ name: 'Al', age: '5' }));
    await assertFails(alice.ref('users/alice').set({ name: 'Al', email: 'not-an-email' }));
    await assertFails(alice.ref('users/alice').set({ name: 'Al', email: 'a@b.COM' }));
  });

  test('$other: {".validate": false} rejects unknown fields', async () => {
    await assertFails(alice.ref('users/alice').set({ name: 'Al', nickname: 'x' }));
    await assertSucceeds(alice.ref('users/alice').set({ name: 'Al' }));
    await assertFails(alice.ref('users/alice/nickname').set('x'));
    expect(await adminRead('users/alice')).toEqual({ name: 'Al' });
  });

  test('a parent .validate sees the merged new data of a child write', async () => {
    await assertSucceeds(alice.ref('users/alice').set({ name: 'Al', age: 1 }));
    await assertSucceeds(alice.ref('users/alice/age').set(2)); // name still present after the merge
    await assertFails(alice.ref('users/alice/name').remove()); // would leave no name
    await assertFails(alice.ref('users/bobby').set({ age: 1 })); // not the owner anyway
    await assertFails(alice.ref('users/alice').set({ age: 3 })); // missing required name
    expect(await adminRead('users/alice')).toEqual({ name: 'Al', age: 2 });
  });

  test('deleting the whole node is not validated', async () => {
    await assertSucceeds(alice.ref('users/alice').set({ name: 'Al' }));
    await assertSucceeds(alice.ref('users/alice').remove());
    expect(await adminRead('users/alice')).toBeNull();
  });
});

describe('query-based read rules', () => {
  beforeAll(async () => {
    await adminWrite('orders', {
      o1: { buyer: 'alice', total: 1 },
      o2: { buyer: 'bob', total: 2 },
      o3: { buyer: 'alice', total: 3 },
    });
  });

  test('orderByChild("buyer").equalTo(auth.uid) is allowed and returns only those orders', async () => {
    const snap = await assertSucceeds(alice.ref('orders').orderByChild('buyer').equalTo('alice').get());
    expect(Object.keys(snap.val() ?? {}).sort()).toEqual(['o1', 'o3']);
    const listened = await assertSucceeds(alice.ref('orders').orderByChild('buyer').equalTo('alice').once('value'));
    expect(Object.keys(listened.val() ?? {}).sort()).toEqual(['o1', 'o3']);
  });

  test('the plain listen / get on the list is denied', async () => {
    await assertFails(alice.ref('orders').once('value'));
    await assertFails(alice.ref('orders').get());
    await assertFails(alice.ref('orders').orderByChild('buyer').once('value')); // loads all data: no query
  });

  test('a query with another uid, or without auth, is denied', async () => {
    await assertFails(alice.ref('orders').orderByChild('buyer').equalTo('bob').once('value'));
    await assertFails(alice.ref('orders').orderByChild('total').equalTo('alice').once('value'));
    await assertFails(anon.ref('orders').orderByChild('buyer').equalTo('alice').once('value'));
  });

  test('an allowed query listener receives new matching orders live', async () => {
    const seen: string[][] = [];
    const q = alice.ref('orders').orderByChild('buyer').equalTo('alice');
    const cb = q.on('value', (s) => seen.push(Object.keys(s.val() ?? {}).sort()));
    try {
      await waitFor(() => seen.length > 0, 'the first value of the allowed query');
      await assertSucceeds(alice.ref('orders/o9').set({ buyer: 'alice', total: 9 }));
      await waitFor(
        () => JSON.stringify(seen.at(-1)) === JSON.stringify(['o1', 'o3', 'o9']),
        () => `the query to include o9; saw ${JSON.stringify(seen)}`,
      );
    } finally {
      q.off('value', cb);
    }
  });

  test('write rules with data and newData', async () => {
    await assertSucceeds(alice.ref('orders/a-new').set({ buyer: 'alice', total: 4 }));
    await assertFails(bob.ref('orders/o1').set({ buyer: 'bob', total: 0 })); // existing order of alice
    await assertFails(bob.ref('orders/b-new').set({ buyer: 'alice', total: 4 })); // buying for someone else
    await assertSucceeds(bob.ref('orders/b-own').set({ buyer: 'bob', total: 4 }));
    await assertSucceeds(alice.ref('orders/a-new').remove());
    expect(await adminRead('orders/o1')).toEqual({ buyer: 'alice', total: 1 });
  });
});

describe('auth.token, now, root', () => {
  test('auth.token.email_verified', async () => {
    await assertSucceeds(verified.ref('verified/x').set(1));
    await assertSucceeds(verified.ref('verified').get());
    await assertFails(unverified.ref('verified/y').set(1));
    await assertFails(unverified.ref('verified').get());
    await assertFails(anon.ref('verified').get());
    await assertFails(alice.ref('verified/z').set(1)); // no email_verified claim at all
  });

  test('now: only a server timestamp passes newData.val() == now', async () => {
    await assertSucceeds(alice.ref('stamps/s1').set({ '.sv': 'timestamp' }));
    await assertFails(alice.ref('stamps/s2').set(Date.now() - 60_000));
    await assertFails(alice.ref('stamps/s3').set('now'));
  });

  test('now in .read and in .validate comparisons', async () => {
    await assertSucceeds(anon.ref('timed').get());
    await assertSucceeds(anon.ref('timed/past').set(Date.now() - 60_000));
    await assertFails(anon.ref('timed/future').set(Date.now() + 3_600_000));
  });

  test('root lookups: admins/<uid> grants access', async () => {
    await adminWrite('admins', { alice: true });
    await adminWrite('adminOnly', { secret: 42 });
    await assertSucceeds(alice.ref('adminOnly').get());
    await assertFails(bob.ref('adminOnly').get());
    await assertSucceeds(alice.ref('adminOnly/x').set(1));
    await assertFails(bob.ref('adminOnly/y').set(1));
    await assertFails(alice.ref('admins').get());
  });
});

describe('denials as the SDK reports them', () => {
  test('a listener’s cancel callback fires with PERMISSION_DENIED', async () => {
    let cancelError: (Error & { code?: string }) | null = null;
    const values: unknown[] = [];
    const ref = anon.ref('admins');
    ref.on(
      'value',
      (s) => values.push(s.val()),
      (e: Error) => {
        cancelError = e;
      },
    );
    try {
      const err = await waitFor(() => cancelError, 'the cancel callback of a denied listener');
      expect(err.code).toBe('PERMISSION_DENIED');
      expect(err.message.toLowerCase()).toContain('permission_denied');
      expect(values).toEqual([]);
    } finally {
      ref.off();
    }
  });

  test('a denied write rejects with code PERMISSION_DENIED', async () => {
    const err = await bob
      .ref('users/alice')
      .set({ name: 'x' })
      .then(
        () => null,
        (e: Error & { code?: string }) => e,
      );
    expect(err).not.toBeNull();
    expect(err!.code).toBe('PERMISSION_DENIED');
    expect(err!.message).toMatch(/^PERMISSION_DENIED/);
  });

  test('onDisconnect writes are checked when registered', async () => {
    await assertFails(alice.ref('admins/alice').onDisconnect().set(true));
    await assertFails(anon.ref('public/od').onDisconnect().set('x'));
    await assertSucceeds(alice.ref('public/od').onDisconnect().set('x'));
    await assertSucceeds(alice.ref('public/od').onDisconnect().cancel());
  });

  test('a denied transaction fails with permission_denied', async () => {
    await assertFails(alice.ref('admins/tx').transaction(() => 1));
    await assertSucceeds(alice.ref('public/tx').transaction((v: number | null) => (v ?? 0) + 1));
  });

  test('a denied get() rejects with a "permission denied" message', async () => {
    const err = await anon
      .ref('admins')
      .get()
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(err?.message ?? '').toMatch(/permission.denied/i);
  });
});

describe('update() is all-or-nothing', () => {
  test('one invalid child rejects the whole update', async () => {
    await adminWrite('pair', null);
    await assertFails(alice.ref('pair').update({ a: 1, b: 2 }));
    expect(await adminRead('pair')).toBeNull();
    await assertSucceeds(alice.ref('pair').update({ a: 1, b: 'x' }));
    expect(await adminRead('pair')).toEqual({ a: 1, b: 'x' });
  });

  test('one denied path rejects a multi-location update', async () => {
    await adminWrite('public', { x: 'old' });
    await assertFails(alice.ref().update({ 'public/x': 'new', 'admins/alice': false }));
    expect(await adminRead('public/x')).toBe('old');
    await assertSucceeds(alice.ref().update({ 'public/x': 'new', 'pair/a': 5 }));
    expect(await adminRead('public/x')).toBe('new');
  });
});

describe('test environment helpers', () => {
  test('withSecurityRulesDisabled reads and writes anything; clearDatabase empties it', async () => {
    await adminWrite('admins/zed', true);
    expect(await adminRead('admins/zed')).toBe(true);
    await testEnv.clearDatabase();
    expect(await adminRead('/')).toBeNull();
    // The rules are still in force after clearing the data.
    await assertFails(anon.ref('admins').get());
  });
});
