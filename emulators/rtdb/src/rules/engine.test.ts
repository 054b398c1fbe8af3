import { describe, expect, it } from 'vitest';
import { canRead, canWrite, compileRules, couldWrite } from '.';
import type { ExportJson, WriteDecision } from './types';
import { p, read, rulesOf, set, update, withValue } from './engine.testing';

function denied(d: WriteDecision): string {
  expect(d.allowed).toBe(false);
  return d.allowed ? '' : d.reason;
}

describe('read cascade', () => {
  const rules = rulesOf({
    public: { '.read': true, secret: { '.read': false } },
    users: {
      $uid: {
        '.read': 'auth != null && auth.uid == $uid',
        profile: { '.read': true },
      },
    },
    admin: { '.read': 'auth != null && auth.token.admin == true' },
  });
  const root: ExportJson = { public: { a: 1, secret: { s: 2 } }, users: { u1: { profile: { n: 'x' }, mail: 'm' } } };

  it('a shallow grant wins; a deeper false does not revoke it', () => {
    expect(read(rules, '/public', root)).toBe(true);
    expect(read(rules, '/public/a', root)).toBe(true);
    expect(read(rules, '/public/secret', root)).toBe(true);
    expect(read(rules, '/public/secret/s/deeper/than/rules', root)).toBe(true);
  });

  it('a deep grant does not open the parent (rules are not filters)', () => {
    expect(read(rules, '/users/u1/profile', root)).toBe(true);
    expect(read(rules, '/users/u1', root)).toBe(false);
    expect(read(rules, '/users', root)).toBe(false);
    expect(read(rules, '/', root)).toBe(false);
  });

  it('default deny where no rule grants, including paths with no rule nodes', () => {
    expect(read(rules, '/nothing', root)).toBe(false);
    expect(read(rules, '/nothing/at/all', root)).toBe(false);
    expect(read(rulesOf({}), '/', null)).toBe(false);
    expect(read(rulesOf({ a: { b: {} } }), '/a/b/c', null)).toBe(false);
  });

  it('wildcards bind the key for everything below', () => {
    expect(read(rules, '/users/u1', root, { auth: { uid: 'u1' } })).toBe(true);
    expect(read(rules, '/users/u1/mail', root, { auth: { uid: 'u1' } })).toBe(true);
    expect(read(rules, '/users/u2/mail', root, { auth: { uid: 'u1' } })).toBe(false);
    expect(read(rules, '/users/u1/mail', root)).toBe(false);
  });

  it('claims from auth.token', () => {
    expect(read(rules, '/admin', root, { auth: { uid: 'a', token: { admin: true } } })).toBe(true);
    expect(read(rules, '/admin', root, { auth: { uid: 'a', token: {} } })).toBe(false);
    expect(read(rules, '/admin', root, { auth: { uid: 'a' } })).toBe(false);
  });

  it('named children win over the wildcard', () => {
    const r = rulesOf({ items: { special: { '.read': false }, $id: { '.read': true } } });
    expect(read(r, '/items/x', null)).toBe(true);
    expect(read(r, '/items/special', null)).toBe(false);
    expect(read(r, '/items/special/child', null)).toBe(false);
  });

  it('data is the data at the level of the rule, root is the root', () => {
    const r = rulesOf({
      rooms: {
        $room: {
          '.read': "data.child('members').hasChild(auth.uid)",
          messages: { '.read': "root.child('open').val() == true" },
        },
      },
    });
    const d: ExportJson = { open: false, rooms: { r1: { members: { u1: true }, messages: { m: 'hi' } } } };
    expect(read(r, '/rooms/r1/messages/m', d, { auth: { uid: 'u1' } })).toBe(true);
    expect(read(r, '/rooms/r1/messages/m', d, { auth: { uid: 'u2' } })).toBe(false);
    expect(read(r, '/rooms/r1/messages/m', withValue(d, ['open'], true), { auth: { uid: 'u2' } })).toBe(true);
    expect(read(r, '/rooms/r2', d, { auth: { uid: 'u1' } })).toBe(false);
  });

  it('wildcard values are strings, also for numeric-looking keys', () => {
    const r = rulesOf({ n: { $i: { '.read': "$i == '5' && $i != 5" } } });
    expect(read(r, '/n/5', null)).toBe(true);
    expect(read(r, '/n/6', null)).toBe(false);
  });

  it('nested wildcards each bind their own variable', () => {
    const r = rulesOf({ a: { $x: { $y: { '.read': "$x + '-' + $y == 'one-two'" } } } });
    expect(read(r, '/a/one/two', null)).toBe(true);
    expect(read(r, '/a/two/one', null)).toBe(false);
  });

  it('evaluates top-down and stops at the first true', () => {
    // The deeper rule would fail with an error (auth is null), but is never reached.
    const r = rulesOf({ '.read': true, a: { '.read': 'auth.uid == 1' } });
    expect(read(r, '/a', null)).toBe(true);
  });

  it('fast enough: a 32-level path with a few rules in microseconds', () => {
    const r = rulesOf({ '.read': 'auth != null && auth.uid == "x"', a: { $k: { '.read': 'data.exists() && $k == "q"' } } });
    const path = ['a', ...Array.from({ length: 31 }, (_, i) => `k${i}`)];
    let data: ExportJson = 1;
    for (let i = path.length - 1; i >= 0; i--) data = { [path[i]]: data };
    const ctx = { auth: { uid: 'y' }, now: 0, root: data, query: null };
    expect(canRead(r, path, ctx)).toBe(false);
    const n = 20_000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) canRead(r, path, ctx);
    const perCall = ((performance.now() - t0) * 1000) / n;
    expect(perCall).toBeLessThan(50); // µs; typically ~1
  });
});

describe('write permission cascade', () => {
  const rules = rulesOf({
    open: { '.write': true, locked: { '.write': false } },
    users: { $uid: { '.write': 'auth != null && auth.uid == $uid', public: { '.write': true } } },
    owned: { $id: { '.write': "!data.exists() || data.child('owner').val() == auth.uid" } },
  });

  it('a shallow grant wins; rules below the write path are not consulted', () => {
    expect(set(rules, '/open/locked', 1, null).allowed).toBe(true);
    expect(set(rules, '/open/x/y', 1, null).allowed).toBe(true);
    expect(set(rules, '/open', { locked: 1 }, null).allowed).toBe(true);
  });

  it('a deep grant does not allow writing the parent', () => {
    expect(set(rules, '/users/u1/public', 1, null).allowed).toBe(true);
    expect(denied(set(rules, '/users/u1', { public: 1 }, null))).toMatch(/Permission denied.*\/users\/u1/);
    expect(denied(set(rules, '/users', null, null))).toMatch(/no \.write rule allows writing \/users/);
  });

  it('denies by default, including the root', () => {
    expect(set(rules, '/', {}, null).allowed).toBe(false);
    expect(set(rules, '/elsewhere', 1, null).allowed).toBe(false);
  });

  it('uses auth and $vars', () => {
    expect(set(rules, '/users/u1/name', 'n', null, { auth: { uid: 'u1' } }).allowed).toBe(true);
    expect(set(rules, '/users/u2/name', 'n', null, { auth: { uid: 'u1' } }).allowed).toBe(false);
  });

  it('data is the old data at the rule level', () => {
    const root: ExportJson = { owned: { a: { owner: 'u1', v: 1 } } };
    expect(set(rules, '/owned/a/v', 2, root, { auth: { uid: 'u1' } }).allowed).toBe(true);
    expect(set(rules, '/owned/a/v', 2, root, { auth: { uid: 'u2' } }).allowed).toBe(false);
    expect(set(rules, '/owned/b', { owner: 'u2' }, root, { auth: { uid: 'u2' } }).allowed).toBe(true);
  });

  it('newData is the merged new state at the rule level, root is the old root', () => {
    const r = rulesOf({
      posts: {
        $id: {
          '.write': "newData.child('author').val() == auth.uid && root.child('banned').child(auth.uid).exists() == false",
        },
      },
    });
    const root: ExportJson = { posts: { p1: { author: 'u1', text: 'a' } }, banned: { u9: true } };
    // Writing only the text: newData at /posts/p1 is merged, so it still has the author.
    expect(set(r, '/posts/p1/text', 'b', root, { auth: { uid: 'u1' } }).allowed).toBe(true);
    expect(set(r, '/posts/p1/text', 'b', root, { auth: { uid: 'u2' } }).allowed).toBe(false);
    expect(set(r, '/posts/p2', { author: 'u9' }, root, { auth: { uid: 'u9' } }).allowed).toBe(false);
  });

  it('newData.parent() reaches the new root', () => {
    const r = rulesOf({ a: { '.write': "newData.parent().child('b').val() == 2" } });
    expect(update(r, '/', { a: 1, b: 2 }, null).allowed).toBe(false); // /b itself has no .write
    expect(set(r, '/a', 1, { b: 2 }).allowed).toBe(true);
    expect(set(r, '/a', 1, { b: 3 }).allowed).toBe(false);
  });
});

describe('validation', () => {
  const rules = rulesOf({
    '.write': true,
    users: {
      '.validate': 'newData.hasChildren()',
      $uid: {
        '.validate': "newData.hasChildren(['name'])",
        name: { '.validate': 'newData.isString() && newData.val().length > 0' },
        age: { '.validate': 'newData.isNumber() && newData.val() >= 0' },
        tags: { $tag: { '.validate': 'newData.val() == true' } },
        $other: { '.validate': false },
      },
    },
    free: {},
  });
  const root: ExportJson = { users: { u1: { name: 'Ann', age: 30 } } };

  it('validates inside the written subtree', () => {
    expect(set(rules, '/users/u2', { name: 'Bob', age: 1 }, root).allowed).toBe(true);
    expect(denied(set(rules, '/users/u2', { name: '', age: 1 }, root))).toMatch(
      /Validation failed at \/users\/u2\/name: rules\/users\/\$uid\/name\/\.validate is false/,
    );
    expect(denied(set(rules, '/users/u2', { name: 'B', age: -1 }, root))).toMatch(/\/users\/u2\/age/);
    expect(set(rules, '/users/u2', { name: 'B', tags: { a: true, b: true } }, root).allowed).toBe(true);
    expect(denied(set(rules, '/users/u2', { name: 'B', tags: { a: true, b: 'x' } }, root))).toMatch(/\/users\/u2\/tags\/b/);
  });

  it('$other: {.validate: false} rejects unknown children', () => {
    expect(denied(set(rules, '/users/u2', { name: 'B', extra: 1 }, root))).toMatch(
      /Validation failed at \/users\/u2\/extra: rules\/users\/\$uid\/\$other\/\.validate is false/,
    );
    expect(set(rules, '/users/u1/extra', 1, root).allowed).toBe(false);
    expect(set(rules, '/users/u1/age', 31, root).allowed).toBe(true);
  });

  it('validates the ancestors with the merged new data', () => {
    // Writing /users/u1/age keeps the existing name, so hasChildren(['name']) at /users/u1 holds.
    expect(set(rules, '/users/u1/age', 5, root).allowed).toBe(true);
    // A new user without a name fails the ancestor rule at /users/u3.
    expect(denied(set(rules, '/users/u3/age', 5, root))).toMatch(/Validation failed at \/users\/u3: rules\/users\/\$uid\/\.validate/);
    // Deleting the name of an existing user leaves /users/u1 without it.
    expect(denied(set(rules, '/users/u1/name', null, root))).toMatch(/Validation failed at \/users\/u1:/);
  });

  it('is skipped wherever newData is null (deletes)', () => {
    expect(set(rules, '/users/u1', null, root).allowed).toBe(true);
    expect(set(rules, '/users', null, root).allowed).toBe(true);
    expect(set(rules, '/users/u1/age', null, root).allowed).toBe(true);
    expect(set(rules, '/users/nobody/extra', null, root).allowed).toBe(true);
  });

  it('does not validate unchanged siblings', () => {
    const bad: ExportJson = { users: { u1: { name: 'Ann', extra: 'legacy' }, u2: { age: 1 } } };
    expect(set(rules, '/users/u3', { name: 'C' }, bad).allowed).toBe(true);
    expect(set(rules, '/users/u1/name', 'Anna', bad).allowed).toBe(true);
  });

  it('validate rules do not cascade: a deeper true does not excuse a shallower false', () => {
    const r = rulesOf({ '.write': true, a: { '.validate': false, b: { '.validate': true } } });
    expect(set(r, '/a/b', 1, null).allowed).toBe(false);
    expect(set(r, '/x', 1, null).allowed).toBe(true);
  });

  it('runs validation only after permission, and permission failures are reported first', () => {
    const r = rulesOf({ a: { '.validate': false } });
    expect(denied(set(r, '/a', 1, null))).toMatch(/^Permission denied/);
  });

  it('validates the written location itself, wildcards below it, and priorities', () => {
    const r = rulesOf({
      '.write': true,
      scores: { $s: { '.validate': 'newData.isNumber() && newData.getPriority() == newData.val()' } },
    });
    expect(set(r, '/scores/a', { '.value': 5, '.priority': 5 }, null).allowed).toBe(true);
    expect(set(r, '/scores/a', { '.value': 5, '.priority': 4 }, null).allowed).toBe(false);
    expect(set(r, '/scores', { a: { '.value': 1, '.priority': 1 }, b: 2 }, null).allowed).toBe(false);
  });

  it('validates with server values already resolved (newData.val() == now)', () => {
    const r = rulesOf({ '.write': true, ts: { '.validate': 'newData.val() == now' } });
    expect(set(r, '/ts', 1234, null, { now: 1234 }).allowed).toBe(true);
    expect(set(r, '/ts', 1233, null, { now: 1234 }).allowed).toBe(false);
  });
});

describe('update (several write paths)', () => {
  const rules = rulesOf({
    a: { '.write': true, '.validate': 'newData.isNumber()' },
    b: { '.write': 'auth != null' },
    pair: {
      '.write': true,
      '.validate': "newData.child('x').val() + newData.child('y').val() == 10",
    },
  });

  it('is all-or-nothing for permission', () => {
    expect(update(rules, '/', { a: 1, b: 2 }, null, { auth: { uid: 'u' } }).allowed).toBe(true);
    expect(denied(update(rules, '/', { a: 1, b: 2 }, null))).toMatch(/Permission denied.*\/b/);
  });

  it('is all-or-nothing for validation', () => {
    expect(denied(update(rules, '/', { a: 'no', b: 2 }, null, { auth: { uid: 'u' } }))).toMatch(/Validation failed at \/a/);
  });

  it('validates against the single merged state', () => {
    const root: ExportJson = { pair: { x: 5, y: 5 } };
    expect(update(rules, '/pair', { x: 3, y: 7 }, root).allowed).toBe(true);
    expect(set(rules, '/pair/x', 3, root).allowed).toBe(false);
    expect(update(rules, '/pair', { x: 3, y: 6 }, root).allowed).toBe(false);
  });

  it('multi-level update keys', () => {
    const r = rulesOf({ users: { $uid: { '.write': 'auth.uid == $uid' } } });
    const auth = { uid: 'u1' };
    expect(update(r, '/', { 'users/u1/a': 1, 'users/u1/b/c': 2 }, null, { auth }).allowed).toBe(true);
    expect(update(r, '/', { 'users/u1/a': 1, 'users/u2/b': 2 }, null, { auth }).allowed).toBe(false);
  });
});

describe('a realistic rules file', () => {
  const rules = compileRules(`{
    "rules": {
      // Everyone signed in may read the catalogue; only admins write it.
      "products": {
        ".read": "auth != null",
        ".write": "auth != null && auth.token.admin === true",
        ".indexOn": ["category", "price"],
        "$pid": {
          ".validate": "newData.hasChildren(['name', 'price'])",
          "name": { ".validate": "newData.isString() && newData.val().length <= 100" },
          "price": { ".validate": "newData.isNumber() && newData.val() >= 0" },
          "category": { ".validate": "newData.isString()" },
          "$other": { ".validate": false }
        }
      },
      "orders": {
        ".read": "auth != null && query.orderByChild == 'buyer' && query.equalTo == auth.uid",
        "$oid": {
          ".read": "auth != null && data.child('buyer').val() == auth.uid",
          ".write": "auth != null && (
                       (!data.exists() && newData.child('buyer').val() == auth.uid) ||
                       (data.exists() && !newData.exists() && data.child('buyer').val() == auth.uid)
                     )",
          ".validate": "newData.hasChildren(['buyer', 'items', 'createdAt'])",
          "createdAt": { ".validate": "newData.val() == now" },
          "buyer": { ".validate": "newData.val() == auth.uid" },
          "items": { "$pid": { ".validate": "root.child('products/' + $pid).exists() && newData.isNumber()" } },
          "$other": { ".validate": false }
        }
      }
    }
  }`);
  const admin = { uid: 'admin', token: { admin: true } };
  const buyer = { uid: 'b1', token: {} };
  const root: ExportJson = { products: { p1: { name: 'Pen', price: 2 } }, orders: { o1: { buyer: 'b1', items: { p1: 1 }, createdAt: 5 } } };

  it('products', () => {
    expect(read(rules, '/products', root, { auth: buyer })).toBe(true);
    expect(read(rules, '/products', root)).toBe(false);
    expect(set(rules, '/products/p2', { name: 'Ink', price: 3, category: 'x' }, root, { auth: admin }).allowed).toBe(true);
    expect(set(rules, '/products/p2', { name: 'Ink', price: 3 }, root, { auth: buyer }).allowed).toBe(false);
    expect(set(rules, '/products/p2', { name: 'Ink', price: -3 }, root, { auth: admin }).allowed).toBe(false);
    expect(set(rules, '/products/p2', { name: 'Ink', price: 3, color: 'red' }, root, { auth: admin }).allowed).toBe(false);
    expect(set(rules, '/products/p2', { name: 'Ink' }, root, { auth: admin }).allowed).toBe(false);
    expect(set(rules, '/products/p1', null, root, { auth: admin }).allowed).toBe(true);
  });

  it('orders', () => {
    const now = 99;
    const order = { buyer: 'b1', items: { p1: 2 }, createdAt: now };
    expect(set(rules, '/orders/o2', order, root, { auth: buyer, now }).allowed).toBe(true);
    expect(set(rules, '/orders/o2', { ...order, createdAt: 1 }, root, { auth: buyer, now }).allowed).toBe(false);
    expect(set(rules, '/orders/o2', { ...order, items: { nope: 1 } }, root, { auth: buyer, now }).allowed).toBe(false);
    expect(set(rules, '/orders/o2', { ...order, buyer: 'b2' }, root, { auth: buyer, now }).allowed).toBe(false);
    expect(set(rules, '/orders/o1', order, root, { auth: buyer, now }).allowed).toBe(false); // no edits
    expect(set(rules, '/orders/o1', null, root, { auth: buyer, now }).allowed).toBe(true); // own delete
    expect(set(rules, '/orders/o1', null, root, { auth: { uid: 'b2' }, now }).allowed).toBe(false);
    expect(read(rules, '/orders/o1', root, { auth: buyer })).toBe(true);
    expect(read(rules, '/orders/o1', root, { auth: { uid: 'b2' } })).toBe(false);
    expect(read(rules, '/orders', root, { auth: buyer })).toBe(false);
  });
});

describe('setPriority writes', () => {
  it('a write to <path>/.priority is checked as a write to <path>', () => {
    const r = rulesOf({ items: { $id: { '.write': "$id == 'mine'", '.validate': 'newData.getPriority() != null' } } });
    const root: ExportJson = { items: { mine: 1, other: 1 } };
    const wp = (id: string) => ({
      auth: null,
      now: 0,
      root,
      newRoot: withValue(root, ['items', id], { '.value': 1, '.priority': 5 }),
      writePaths: [['items', id, '.priority']],
    });
    expect(canWrite(r, wp('mine')).allowed).toBe(true);
    expect(canWrite(r, wp('other')).allowed).toBe(false);
  });
});

describe('robustness', () => {
  it('never throws out of canRead/canWrite, even with odd inputs', () => {
    const r = rulesOf({ '.read': 'data.parent().exists()', '.write': 'newData.parent().exists()' });
    expect(canRead(r, [], { auth: null, now: 0, root: null, query: null })).toBe(false);
    const d = canWrite(r, { auth: null, now: 0, root: null, newRoot: 1, writePaths: [[]] });
    expect(d.allowed).toBe(false);
    expect(d.allowed ? '' : d.reason).toMatch(/parent\(\) called on the root/);
    const bad = { tree: null, source: '' } as unknown as ReturnType<typeof compileRules>;
    expect(canRead(bad, ['a'], { auth: null, now: 0, root: null, query: null })).toBe(false);
    expect(canWrite(bad, { auth: null, now: 0, root: null, newRoot: 1, writePaths: [['a']] }).allowed).toBe(false);
  });

  it('an empty writePaths list is trivially allowed', () => {
    expect(canWrite(rulesOf({}), { auth: null, now: 0, root: null, newRoot: null, writePaths: [] })).toEqual({ allowed: true });
  });

  it('compiled rules are reusable and independent', () => {
    const a = rulesOf({ '.read': true });
    const b = rulesOf({ '.read': false });
    expect(read(a, '/', null)).toBe(true);
    expect(read(b, '/', null)).toBe(false);
    expect(read(a, '/x', null)).toBe(true);
  });

  it('does not modify the data', () => {
    const root: ExportJson = { a: { '.priority': 1, b: { '.value': 2, '.priority': 3 } } };
    const copy = JSON.parse(JSON.stringify(root));
    const r = rulesOf({ '.read': "data.child('a').val().b == 2", '.write': true, a: { '.validate': 'newData.val() != null' } });
    expect(read(r, '/', root)).toBe(true);
    set(r, '/a/c', 1, root);
    expect(root).toEqual(copy);
  });

  it('paths are arrays of keys', () => {
    expect(p('/a/b/')).toEqual(['a', 'b']);
  });
});

describe('couldWrite: refusing a write before its data is known', () => {
  const rules = rulesOf({
    users: { $uid: { '.write': 'auth != null && auth.uid === $uid' } },
    inbox: { $id: { '.write': "newData.child('from').val() === 'x'" } },
    locked: { '.write': false, open: {} },
    rooms: { $room: { members: { $uid: { '.write': 'auth != null && auth.uid === $uid' } } } },
    timed: { '.write': "data.exists() || root.child('open').val() === true" },
  });
  const could = (path: string, auth: ExportJson | null, below = false, root: ExportJson = null) =>
    couldWrite(rules, p(path), { auth: auth as Record<string, unknown> | null, now: 0, root }, below);

  it('a .write false without reading newData is false for any data', () => {
    expect(could('/users/alice', null)).toBe(false);
    expect(could('/users/alice', { uid: 'bob' })).toBe(false);
    expect(could('/users/alice', { uid: 'alice' })).toBe(true);
    expect(could('/locked/open', { uid: 'alice' })).toBe(false);
    expect(could('/', null)).toBe(false);
  });

  it('a rule that reads newData could allow it (the data decides later)', () => {
    expect(could('/inbox/m1', null)).toBe(true);
  });

  it('data and root are the current tree', () => {
    expect(could('/timed', null)).toBe(false);
    expect(could('/timed', null, false, { timed: 1 })).toBe(true);
    expect(could('/timed', null, false, { open: true })).toBe(true);
  });

  it('with below (an update), any .write under the path could allow one of its keys', () => {
    expect(could('/rooms/r1', null)).toBe(false);
    expect(could('/rooms/r1', null, true)).toBe(true);
    expect(could('/locked', null, true)).toBe(false);
    expect(could('/', null, true)).toBe(true);
  });

  it('agrees with canWrite wherever it says no', () => {
    const root: ExportJson = { users: { alice: { n: 1 } } };
    for (const auth of [null, { uid: 'alice' }, { uid: 'bob' }]) {
      for (const path of ['/users/alice', '/users/bob/x', '/locked/open', '/', '/timed']) {
        if (could(path, auth, false, root)) continue;
        for (const value of [1, 'x', { from: 'x' }, null]) {
          const d = set(rules, path, value as ExportJson, root, { auth: auth as Record<string, unknown> | null });
          expect(d.allowed, `${path} as ${JSON.stringify(auth)} with ${JSON.stringify(value)}`).toBe(false);
        }
      }
    }
  });
});
