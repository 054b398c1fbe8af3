// The denied-requests log (emulators/rtdb/README.md#denied-requests): every refused read, listen,
// write, transaction and REST call of a namespace, with who asked and the rule that said no, served
// at /.inspect/denials.json?ns=, newest first, bounded, and never carrying a data value.
// This emulator's own addition: skipped against another emulator.
import { get, onValue, ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mockIdToken, putRules, rest } from './rest-client.testing';
import { closeAll, newClient } from './sdk-clients.testing';
import { EMULATOR_HOST, uniqueNs } from './target.testing';
import { RawConnection } from './wire-client.testing';

const external = Boolean(process.env.FIREBASE_DATABASE_EMULATOR_HOST);
const ns = uniqueNs('denials');
const SECRET = 'TOP-SECRET-VALUE-8d1f';
const SECRET_NUMBER = 31337;

const RULES = {
  rules: {
    secret: { '.read': "auth != null && auth.token.role === 'admin'" },
    users: {
      $uid: {
        '.write': 'auth != null && auth.uid === $uid',
        '.validate': "newData.hasChildren(['name']) && newData.child('name').val().length < 20",
      },
    },
    posts: { $id: { '.write': true, '.validate': 'newData.isNumber() && newData.val() < 100' } },
  },
};

interface Denial {
  time: string;
  namespace: string;
  path: string;
  operation: string;
  readForCondition?: boolean;
  query?: boolean;
  uid: string | null;
  claims: Record<string, unknown> | null;
  rules: { path: string; kind: string; expression: string; falsePart: string | null; error: boolean }[];
}

async function log(limit?: number): Promise<{ total: number; kept: number; denials: Denial[] }> {
  const res = await fetch(`http://${EMULATOR_HOST}/.inspect/denials.json?ns=${ns}${limit ? `&limit=${limit}` : ''}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; kept: number; denials: Denial[] };
}

const newest = async () => (await log()).denials[0];

describe.skipIf(external)('denied requests log', () => {
  beforeAll(async () => {
    await putRules(ns, RULES);
    await rest('PUT', ns, 'secret', { body: SECRET, bearer: 'owner' });
    await rest('PUT', ns, 'users/bob', { body: { name: SECRET }, bearer: 'owner' });
  });
  afterAll(closeAll);

  test('a REST read: time, path, operation, uid and claims, and the rule with the part that was false', async () => {
    const before = Date.now();
    const token = mockIdToken('bob', { role: 'user' });
    expect((await rest('GET', ns, 'secret', { query: { auth: token } })).status).toBe(401);
    const d = await newest();
    expect(Date.parse(d.time)).toBeGreaterThanOrEqual(before - 1000);
    expect(d).toMatchObject({
      namespace: ns,
      path: '/secret',
      operation: 'rest-get',
      uid: 'bob',
      claims: { role: 'user', user_id: 'bob' },
      rules: [
        {
          path: '/secret',
          kind: '.read',
          expression: "auth != null && auth.token.role === 'admin'",
          falsePart: "auth.token.role === 'admin'",
          error: false,
        },
      ],
    });
  });

  test('an SDK listen and get signed out; an SDK set for another user; a failed .validate', async () => {
    const anon = newClient(ns);
    await expect(get(ref(anon.db, 'secret'))).rejects.toThrow(/permission/i);
    expect(await newest()).toMatchObject({
      path: '/secret',
      operation: 'get',
      uid: null,
      claims: null,
      rules: [{ kind: '.read', falsePart: 'auth != null' }],
    });
    await new Promise<void>((resolve) =>
      onValue(
        ref(anon.db, 'secret'),
        () => {},
        () => resolve(),
      ),
    );
    expect(await newest()).toMatchObject({ path: '/secret', operation: 'listen', uid: null });

    const bob = newClient(ns, { mockUserToken: { user_id: 'bob', sub: 'bob' } });
    await expect(set(ref(bob.db, 'users/alice'), { name: 'x' })).rejects.toThrow(/permission/i);
    expect(await newest()).toMatchObject({
      path: '/users/alice',
      operation: 'set',
      uid: 'bob',
      rules: [{ path: '/users/$uid', kind: '.write', expression: 'auth != null && auth.uid === $uid', falsePart: 'auth.uid === $uid' }],
    });

    await expect(set(ref(bob.db, 'users/bob'), { name: `${SECRET}-${SECRET}` })).rejects.toThrow(/permission/i);
    expect(await newest()).toMatchObject({
      path: '/users/bob',
      operation: 'set',
      rules: [{ path: '/users/$uid', kind: '.validate', falsePart: "newData.child('name').val().length < 20" }],
    });

    expect((await rest('PUT', ns, 'posts/p1', { body: SECRET_NUMBER })).status).toBe(401);
    expect(await newest()).toMatchObject({
      path: '/posts/p1',
      operation: 'rest-put',
      rules: [
        {
          path: '/posts/$id',
          kind: '.validate',
          expression: 'newData.isNumber() && newData.val() < 100',
          falsePart: 'newData.val() < 100',
        },
      ],
    });
  });

  test('a transaction that may write but not read is logged as a read for its condition; a REST write refused before its body', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    await conn.request('s', { c: {} }).catch(() => null);
    const auth = await conn.request('auth', { cred: mockIdToken('carol') });
    expect(auth?.s).toBe('ok');
    const res = await conn.request('p', { p: '/users/carol', d: { name: 'c' }, h: 'not-the-hash' });
    expect(res?.s).toBe('permission_denied');
    conn.close();
    expect(await newest()).toMatchObject({ path: '/users/carol', operation: 'transaction', readForCondition: true, uid: 'carol' });

    expect((await rest('DELETE', ns, 'users/alice', { query: { auth: mockIdToken('dave') } })).status).toBe(401);
    expect(await newest()).toMatchObject({
      path: '/users/alice',
      operation: 'rest-delete',
      uid: 'dave',
      rules: [{ falsePart: 'auth.uid === $uid' }],
    });
  });

  test('the log never carries a value that was read, written or compared', async () => {
    // Every request above touched SECRET (as data, as a name too long) or SECRET_NUMBER.
    const text = await (await fetch(`http://${EMULATOR_HOST}/.inspect/denials.json?ns=${ns}`)).text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(String(SECRET_NUMBER));
    // Another namespace's log is its own.
    const other = (await (await fetch(`http://${EMULATOR_HOST}/.inspect/denials.json?ns=${uniqueNs('none')}`)).json()) as {
      denials: unknown[];
    };
    expect(other.denials).toEqual([]);
  });

  test('newest first and bounded', async () => {
    const { total: before } = await log();
    for (let i = 0; i < 205; i++) await rest('GET', ns, `secret`, { query: { n: String(i) } });
    const all = await log();
    expect(all.kept).toBe(200);
    expect(all.denials).toHaveLength(200);
    expect(all.total).toBe(before + 205);
    const times = all.denials.map((d) => Date.parse(d.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await log(3)).denials).toHaveLength(3);
  });
});
