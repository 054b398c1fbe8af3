import { describe, expect, it } from 'vitest';
import type { AuthVar, ExportJson } from './types';
import { read, rulesOf, set } from './engine.testing';

const DATA: ExportJson = {
  n: 5,
  s: 'Hello World',
  b: true,
  f: 1.5,
  pn: { '.value': 7, '.priority': 'high' },
  obj: { '.priority': 2, x: 1, y: { z: 'deep' }, w: { '.value': 'wrapped', '.priority': 1 } },
  list: { '0': 'a', '1': 'b' },
  users: { u1: { name: 'Ann', email: 'ann@example.com' } },
};

/** Evaluates `expr` as the root .read rule against DATA. */
function ev(expr: string, auth: AuthVar = null, now = 1000): boolean {
  return read(rulesOf({ '.read': expr }), '/', DATA, { auth, now });
}

/** Evaluates `expr` as a .read rule at `at` (so `data` is there). */
function evAt(at: string, expr: string, auth: AuthVar = null): boolean {
  let node: Record<string, unknown> = { '.read': expr };
  for (const key of at.split('/').filter(Boolean).reverse()) node = { [key]: node };
  return read(rulesOf(node), at, DATA, { auth });
}

describe('literals and operators', () => {
  it('boolean, number, string and null literals', () => {
    expect(ev('true')).toBe(true);
    expect(ev('false')).toBe(false);
    expect(ev('1 == 1.0')).toBe(true);
    expect(ev('\'a\' == "a"')).toBe(true);
    expect(ev("'it\\'s' == \"it's\"")).toBe(true);
    expect(ev('null == null')).toBe(true);
  });

  it('arithmetic and string concatenation', () => {
    expect(ev('1 + 2 * 3 == 7')).toBe(true);
    expect(ev('(1 + 2) * 3 == 9')).toBe(true);
    expect(ev('7 % 4 == 3 && 10 / 4 == 2.5 && 5 - 7 == -2')).toBe(true);
    expect(ev('-(3) == 0 - 3')).toBe(true);
    expect(ev("'a' + 'b' == 'ab'")).toBe(true);
    expect(ev("'n' + 1 == 'n1'")).toBe(true);
  });

  it('equality is strict, with no coercion; === and !== are the same as == and !=', () => {
    expect(ev("1 == '1'")).toBe(false);
    expect(ev("1 != '1'")).toBe(true);
    expect(ev('0 == false')).toBe(false);
    expect(ev('null == false')).toBe(false);
    expect(ev('1 === 1 && 1 !== 2')).toBe(true);
    expect(ev("data.child('n').val() === 5")).toBe(true);
  });

  it('comparisons of numbers and of strings', () => {
    expect(ev('1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3')).toBe(true);
    expect(ev("'a' < 'b' && 'b' >= 'b'")).toBe(true);
    expect(ev("1 < 'b'")).toBe(false); // type error → false
    expect(ev("!(1 < 'b')")).toBe(false); // the error makes the whole rule false
  });

  it('&& and || short-circuit', () => {
    expect(ev('false && auth.uid == 1')).toBe(false);
    expect(ev('true || auth.uid == 1')).toBe(true);
    expect(ev('auth != null && auth.uid == "x"')).toBe(false);
    expect(ev('auth == null || auth.uid == "x"')).toBe(true);
    expect(ev('true && auth.uid == 1')).toBe(false); // error on the right side
  });

  it('! and the conditional operator', () => {
    expect(ev('!false')).toBe(true);
    expect(ev('!!true')).toBe(true);
    expect(ev('1 < 2 ? true : false')).toBe(true);
    expect(ev("auth == null ? data.child('b').val() : false")).toBe(true);
    expect(ev('(false ? 1 : 2) == 2')).toBe(true);
  });

  it('precedence: && binds tighter than ||', () => {
    expect(ev('true || false && false')).toBe(true);
    expect(ev('(true || false) && false')).toBe(false);
  });
});

describe('variables', () => {
  it('now is the server time in ms', () => {
    expect(ev('now == 1000', null, 1000)).toBe(true);
    expect(ev('now > 999 && now < 1001', null, 1000)).toBe(true);
    expect(read(rulesOf({ '.read': 'now == 5' }), '/', null, { now: 6 })).toBe(false);
  });

  it('auth members are plain member access; missing members are null', () => {
    const auth = {
      uid: 'u1',
      provider: 'password',
      token: { email: 'a@b.c', email_verified: true, firebase: { sign_in_provider: 'password' } },
    };
    expect(ev("auth.uid == 'u1'", auth)).toBe(true);
    expect(ev("auth.provider == 'password'", auth)).toBe(true);
    expect(ev("auth.token.email == 'a@b.c' && auth.token.email_verified == true", auth)).toBe(true);
    expect(ev("auth.token.firebase.sign_in_provider == 'password'", auth)).toBe(true);
    expect(ev("auth.token['email'] == 'a@b.c'", auth)).toBe(true);
    expect(ev('auth.token.phone_number == null', auth)).toBe(true);
    expect(ev('auth.token.missing.deeper == null', auth)).toBe(false); // member of null → error
    expect(ev("auth.uid == 'u1'", null)).toBe(false); // auth is null → error → false
    expect(ev('auth == null', null)).toBe(true);
    expect(ev('auth != null', auth)).toBe(true);
  });

  it('an admin authvar override is used as given', () => {
    expect(ev("auth.role == 'service' && auth.uid == null", { role: 'service' })).toBe(true);
  });

  it('bracket access with expressions and wildcards', () => {
    const r = rulesOf({ users: { $uid: { '.read': "root.child('users').child($uid).child('name').val() == 'Ann'" } } });
    expect(read(r, '/users/u1', DATA)).toBe(true);
    expect(read(r, '/users/u2', DATA)).toBe(false);
    const r2 = rulesOf({ x: { $k: { '.read': 'auth.token[$k] == true' } } });
    expect(read(r2, '/x/admin', null, { auth: { token: { admin: true } } })).toBe(true);
    expect(read(r2, '/x/other', null, { auth: { token: { admin: true } } })).toBe(false);
  });
});

describe('RuleDataSnapshot methods', () => {
  it('val() of leaves, prioritised leaves and missing data', () => {
    expect(ev("data.child('n').val() == 5")).toBe(true);
    expect(ev("data.child('s').val() == 'Hello World'")).toBe(true);
    expect(ev("data.child('b').val() == true")).toBe(true);
    expect(ev("data.child('pn').val() == 7")).toBe(true);
    expect(ev("data.child('missing').val() == null")).toBe(true);
  });

  it('val() of an object has no priority keys and unwraps nested .value', () => {
    expect(ev("data.child('obj').val().x == 1")).toBe(true);
    expect(ev("data.child('obj').val().y.z == 'deep'")).toBe(true);
    expect(ev("data.child('obj').val().w == 'wrapped'")).toBe(true);
    expect(ev("data.child('obj').val()['.priority'] == null")).toBe(true);
  });

  it('child() with paths, $vars and expression results', () => {
    expect(ev("data.child('obj/y/z').val() == 'deep'")).toBe(true);
    expect(ev("data.child('obj').child('y').child('z').val() == 'deep'")).toBe(true);
    expect(ev("data.child('users/' + 'u1' + '/name').val() == 'Ann'")).toBe(true);
    expect(ev("data.child('users').child(auth.uid).exists()", { uid: 'u1' })).toBe(true);
    expect(ev("data.child('list').child(0).val() == 'a'")).toBe(true);
    expect(ev("data.child('n/deeper').exists()")).toBe(false);
    expect(ev('data.child(null).exists()')).toBe(false); // wrong type → error
  });

  it('parent(), and parent() of the root is an error', () => {
    expect(ev("data.child('obj/y').parent().child('x').val() == 1")).toBe(true);
    expect(ev("data.child('a/b/c').parent().parent().parent().child('n').val() == 5")).toBe(true);
    expect(evAt('/users/u1', "data.parent().parent().child('n').val() == 5")).toBe(true);
    expect(ev('data.parent().exists() || true')).toBe(false);
    expect(ev('root.parent() == null')).toBe(false);
  });

  it('hasChild()', () => {
    expect(ev("data.hasChild('n')")).toBe(true);
    expect(ev("data.hasChild('obj/y/z')")).toBe(true);
    expect(ev("data.hasChild('nope')")).toBe(false);
    expect(ev("data.child('n').hasChild('x')")).toBe(false);
    expect(ev("data.child('pn').hasChild('.priority')")).toBe(false);
  });

  it('hasChildren() and hasChildren([names])', () => {
    expect(ev('data.hasChildren()')).toBe(true);
    expect(ev("data.child('obj').hasChildren()")).toBe(true);
    expect(ev("data.child('n').hasChildren()")).toBe(false);
    expect(ev("data.child('pn').hasChildren()")).toBe(false);
    expect(ev("data.child('missing').hasChildren()")).toBe(false);
    expect(ev("data.child('obj').hasChildren(['x', 'y'])")).toBe(true);
    expect(ev("data.child('obj').hasChildren(['x', 'q'])")).toBe(false);
    expect(ev("data.child('obj').hasChildren(['y/z'])")).toBe(true);
    expect(ev("data.child('obj').hasChildren('x')")).toBe(false); // not an array → error
  });

  it('exists()', () => {
    expect(ev('data.exists()')).toBe(true);
    expect(ev("data.child('n').exists()")).toBe(true);
    expect(ev("data.child('b').exists() && data.child('pn').exists()")).toBe(true);
    expect(ev("data.child('missing').exists()")).toBe(false);
    expect(read(rulesOf({ '.read': '!data.exists()' }), '/', null)).toBe(true);
  });

  it('getPriority()', () => {
    expect(ev("data.child('pn').getPriority() == 'high'")).toBe(true);
    expect(ev("data.child('obj').getPriority() == 2")).toBe(true);
    expect(ev("data.child('obj/w').getPriority() == 1")).toBe(true);
    expect(ev("data.child('n').getPriority() == null")).toBe(true);
    expect(ev("data.child('missing').getPriority() == null")).toBe(true);
  });

  it('isNumber(), isString(), isBoolean()', () => {
    expect(ev("data.child('n').isNumber() && data.child('f').isNumber() && data.child('pn').isNumber()")).toBe(true);
    expect(ev("data.child('s').isString() && data.child('obj/w').isString()")).toBe(true);
    expect(ev("data.child('b').isBoolean()")).toBe(true);
    expect(ev("data.child('s').isNumber() || data.child('n').isString() || data.child('n').isBoolean()")).toBe(false);
    expect(ev("data.child('obj').isNumber() || data.child('obj').isString() || data.child('missing').isBoolean()")).toBe(false);
  });

  it('root is always the root; data is at the rule level', () => {
    expect(evAt('/users/u1', "data.child('name').val() == 'Ann' && root.child('n').val() == 5")).toBe(true);
    expect(evAt('/users/u1', "root.child('users/u1').val().name == data.val().name")).toBe(true);
  });

  it('comparing a snapshot (instead of its val()) is an error', () => {
    expect(ev("data.child('n') == 5")).toBe(false);
    expect(ev("data.child('n') != 5")).toBe(false);
  });
});

describe('string members', () => {
  it('length', () => {
    expect(ev("data.child('s').val().length == 11")).toBe(true);
    expect(ev("'' + '' == '' && ''.length == 0")).toBe(true);
  });

  it('contains, beginsWith, endsWith', () => {
    expect(ev("data.child('s').val().contains('lo W')")).toBe(true);
    expect(ev("data.child('s').val().contains('xyz')")).toBe(false);
    expect(ev("data.child('s').val().beginsWith('Hell')")).toBe(true);
    expect(ev("data.child('s').val().beginsWith('World')")).toBe(false);
    expect(ev("data.child('s').val().endsWith('World')")).toBe(true);
    expect(ev("data.child('s').val().endsWith('Hello')")).toBe(false);
    expect(ev("data.child('s').val().contains(1)")).toBe(false); // wrong argument type → error
  });

  it('replace replaces all literal occurrences (not a regex)', () => {
    expect(ev("'a.b.c'.replace('.', '-') == 'a-b-c'")).toBe(true);
    expect(ev("'a.b'.replace('.*', 'x') == 'a.b'")).toBe(true);
    expect(ev("'a$b'.replace('$', '$&$&') == 'a$&$&b'")).toBe(true);
    expect(ev("auth.token.email.replace('.', ',') == 'a@b,c'", { token: { email: 'a@b.c' } })).toBe(true);
  });

  it('toLowerCase, toUpperCase', () => {
    expect(ev("data.child('s').val().toLowerCase() == 'hello world'")).toBe(true);
    expect(ev("data.child('s').val().toUpperCase() == 'HELLO WORLD'")).toBe(true);
  });

  it('matches(/re/) with and without flags', () => {
    expect(ev("data.child('s').val().matches(/^Hello/)")).toBe(true);
    expect(ev("data.child('s').val().matches(/^hello/)")).toBe(false);
    expect(ev("data.child('s').val().matches(/^hello world$/i)")).toBe(true);
    expect(ev("data.child('users/u1/email').val().matches(/^[^@]+@example\\.com$/)")).toBe(true);
    expect(ev("'a/b'.matches(/^a\\/b$/)")).toBe(true);
    expect(ev("'line1\\nline2'.matches(/^line2$/m)")).toBe(true);
    // The same compiled regex is reused between evaluations: must not be stateful.
    const r = rulesOf({ '.read': 'auth.uid.matches(/^u[0-9]+$/)' });
    for (let i = 0; i < 3; i++) expect(read(r, '/', null, { auth: { uid: 'u1' } })).toBe(true);
  });

  it('wildcard variables are strings with string methods', () => {
    const r = rulesOf({ items: { $id: { '.read': "$id.beginsWith('pub_') && $id.length > 4" } } });
    expect(read(r, '/items/pub_1', null)).toBe(true);
    expect(read(r, '/items/priv_1', null)).toBe(false);
    expect(read(r, '/items/pub_', null)).toBe(false);
  });

  it('a string method on a non-string is an error', () => {
    expect(ev("data.child('n').val().contains('5')")).toBe(false);
    expect(ev("data.child('n').val().length == 1")).toBe(false);
    expect(ev("data.child('missing').val().length == 0")).toBe(false);
  });
});

describe('evaluation errors make the rule false', () => {
  it('method or member on null, wrong types, non-boolean results', () => {
    expect(ev("auth.uid.beginsWith('x')", null)).toBe(false);
    expect(ev("data.child('obj').val() == 1")).toBe(false);
    expect(ev("data.child('n').val()")).toBe(false); // 5 is not a boolean
    expect(ev("data.child('b').val()")).toBe(true); // a boolean value is fine
    expect(ev('auth.uid', { uid: 'x' })).toBe(false);
    expect(ev('1 + true == 2')).toBe(false);
    expect(ev("-'a' == 1")).toBe(false);
    expect(ev("!'a'")).toBe(false);
    expect(ev("'a' ? true : true")).toBe(false);
    expect(ev('auth.uid && true', { uid: 'x' })).toBe(false);
    expect(ev("data.child('s').val().beginsWith('H') || auth.uid == 1")).toBe(true);
  });

  it('an erroring .write is false, and the error is in the reason', () => {
    const r = rulesOf({ '.write': "auth.uid == 'x'" });
    const d = set(r, '/a', 1, null);
    expect(d.allowed).toBe(false);
    expect(d.allowed ? '' : d.reason).toMatch(/cannot read property 'uid' of null/);
  });

  it('an erroring .validate is false', () => {
    const r = rulesOf({ '.write': true, a: { '.validate': 'newData.val().length > 2' } });
    expect(set(r, '/a', 'abc', null).allowed).toBe(true);
    expect(set(r, '/a', 123, null).allowed).toBe(false);
  });
});
