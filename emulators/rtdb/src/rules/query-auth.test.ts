import { describe, expect, it } from 'vitest';
import { authFromToken, compileRules, ruleQueryFromWire } from '.';
import { NO_QUERY } from './engine';
import { read, rulesOf, set, unsignedJwt } from './engine.testing';

describe('ruleQueryFromWire', () => {
  it('null, undefined and {} (a default listen) give null', () => {
    expect(ruleQueryFromWire(null)).toBeNull();
    expect(ruleQueryFromWire(undefined)).toBeNull();
    expect(ruleQueryFromWire({})).toBeNull();
  });

  it('orderByChild + equalTo', () => {
    expect(ruleQueryFromWire({ sp: 'u1', sin: true, ep: 'u1', ein: true, i: 'owner' })).toEqual({
      ...NO_QUERY,
      orderByChild: 'owner',
      startAt: 'u1',
      endAt: 'u1',
      equalTo: 'u1',
    });
  });

  it('equalTo with a key, and old SDKs without sin/ein (inclusive)', () => {
    expect(ruleQueryFromWire({ sp: 3, sn: 'k', sin: true, ep: 3, en: 'k', ein: true, i: 'n' })?.equalTo).toBe(3);
    expect(ruleQueryFromWire({ sp: 3, ep: 3, i: 'n' })?.equalTo).toBe(3);
    expect(ruleQueryFromWire({ sp: null, ep: null, i: 'n' })).toMatchObject({ equalTo: null, startAt: null, endAt: null });
  });

  it('no equalTo when the bounds differ or one is exclusive', () => {
    expect(ruleQueryFromWire({ sp: 1, sin: true, ep: 2, ein: true, i: 'n' })).toEqual({
      ...NO_QUERY,
      orderByChild: 'n',
      startAt: 1,
      endAt: 2,
    });
    expect(ruleQueryFromWire({ sp: 1, sin: false, ep: 1, ein: true, i: 'n' })?.equalTo).toBeNull();
    expect(ruleQueryFromWire({ sp: 1, sin: true, ep: 1, ein: false, i: 'n' })?.equalTo).toBeNull();
    expect(ruleQueryFromWire({ sp: 'u1', sin: true, i: 'n' })).toMatchObject({ startAt: 'u1', endAt: null, equalTo: null });
  });

  it('orderBy: absent i is priority; .key, .value, child paths', () => {
    expect(ruleQueryFromWire({ sp: 5, sn: 'k1', sin: true, ep: 10, ein: true })).toEqual({
      ...NO_QUERY,
      orderByPriority: true,
      startAt: 5,
      endAt: 10,
    });
    expect(ruleQueryFromWire({ ep: 'c', ein: false, i: '.key' })).toEqual({ ...NO_QUERY, orderByKey: true, endAt: 'c' });
    expect(ruleQueryFromWire({ l: 1, vf: 'r', i: '.value' })).toEqual({ ...NO_QUERY, orderByValue: true, limitToLast: 1 });
    expect(ruleQueryFromWire({ i: 'x/y' })).toEqual({ ...NO_QUERY, orderByChild: 'x/y' });
  });

  it('limits', () => {
    expect(ruleQueryFromWire({ l: 10, vf: 'l' })).toEqual({ ...NO_QUERY, orderByPriority: true, limitToFirst: 10 });
    expect(ruleQueryFromWire({ l: 3, vf: 'r', i: 'n' })).toEqual({ ...NO_QUERY, orderByChild: 'n', limitToLast: 3 });
  });
});

describe('query-based read rules', () => {
  const rules = rulesOf({
    orders: {
      '.read': "auth != null && query.orderByChild == 'buyer' && query.equalTo == auth.uid",
      '.indexOn': ['buyer'],
    },
    feed: { '.read': 'query.limitToFirst != null && query.limitToFirst <= 10' },
    byKey: { '.read': "query.orderByKey && query.startAt == 'a'" },
    recent: { '.read': 'query.orderByPriority == false && query.limitToLast == 1' },
  });
  const auth = { uid: 'u1' };
  const root = { orders: { o1: { buyer: 'u1' }, o2: { buyer: 'u2' } } };

  it('allows exactly the right query', () => {
    const q = ruleQueryFromWire({ sp: 'u1', sin: true, ep: 'u1', ein: true, i: 'buyer' });
    expect(read(rules, '/orders', root, { auth, query: q })).toBe(true);
  });

  it('denies other queries', () => {
    const other = ruleQueryFromWire({ sp: 'u2', sin: true, ep: 'u2', ein: true, i: 'buyer' });
    expect(read(rules, '/orders', root, { auth, query: other })).toBe(false);
    const wrongChild = ruleQueryFromWire({ sp: 'u1', sin: true, ep: 'u1', ein: true, i: 'seller' });
    expect(read(rules, '/orders', root, { auth, query: wrongChild })).toBe(false);
    const range = ruleQueryFromWire({ sp: 'u1', sin: true, i: 'buyer' });
    expect(read(rules, '/orders', root, { auth, query: range })).toBe(false);
    const signedOut = ruleQueryFromWire({ sp: 'u1', sin: true, ep: 'u1', ein: true, i: 'buyer' });
    expect(read(rules, '/orders', root, { auth: null, query: signedOut })).toBe(false);
  });

  it('denies a default listen (no query: all false/null)', () => {
    expect(read(rules, '/orders', root, { auth, query: ruleQueryFromWire({}) })).toBe(false);
    expect(read(rules, '/orders', root, { auth, query: null })).toBe(false);
    expect(read(rules, '/byKey', root, { query: null })).toBe(false);
  });

  it('limit, orderByKey and orderByPriority rules', () => {
    expect(read(rules, '/feed', null, { query: ruleQueryFromWire({ l: 10, vf: 'l', i: 'ts' }) })).toBe(true);
    expect(read(rules, '/feed', null, { query: ruleQueryFromWire({ l: 11, vf: 'l', i: 'ts' }) })).toBe(false);
    expect(read(rules, '/feed', null, { query: null })).toBe(false);
    expect(read(rules, '/byKey', null, { query: ruleQueryFromWire({ sp: 'a', sin: true, i: '.key' }) })).toBe(true);
    expect(read(rules, '/recent', null, { query: ruleQueryFromWire({ l: 1, vf: 'r', i: '.value' }) })).toBe(true);
    expect(read(rules, '/recent', null, { query: ruleQueryFromWire({ l: 1, vf: 'r' }) })).toBe(false);
  });
});

describe('authFromToken', () => {
  const claims = {
    iss: 'https://securetoken.google.com/demo-project',
    aud: 'demo-project',
    auth_time: 1_700_000_000,
    user_id: 'abc123',
    sub: 'abc123',
    iat: 1_700_000_000,
    exp: 1_700_003_600,
    email: 'ann@example.com',
    email_verified: true,
    firebase: { identities: { email: ['ann@example.com'] }, sign_in_provider: 'password' },
  };

  it('decodes an Auth emulator token (alg none, empty signature)', () => {
    const token = unsignedJwt(claims);
    expect(token.endsWith('.')).toBe(true);
    expect(authFromToken(token)).toEqual({ uid: 'abc123', provider: 'password', token: claims });
  });

  it('decodes a rules-unit-testing mock token (header "type", exp in 1970) and any alg', () => {
    const mock = {
      iss: 'x',
      aud: 'demo-project',
      iat: 0,
      exp: 3600,
      auth_time: 0,
      sub: 'alice',
      user_id: 'alice',
      firebase: { sign_in_provider: 'custom', identities: {} },
    };
    expect(authFromToken(unsignedJwt(mock, { alg: 'none', type: 'JWT' }))).toMatchObject({ uid: 'alice', provider: 'custom' });
    expect(authFromToken(unsignedJwt(mock, { alg: 'RS256', kid: 'k' }) + 'c2lnbmF0dXJl')).toMatchObject({ uid: 'alice' });
  });

  it('uid falls back to user_id; provider is null without firebase claims', () => {
    expect(authFromToken(unsignedJwt({ user_id: 'u9' }))).toEqual({ uid: 'u9', provider: null, token: { user_id: 'u9' } });
  });

  it('returns undefined for undecodable tokens', () => {
    expect(authFromToken('')).toBeUndefined();
    expect(authFromToken('owner')).toBeUndefined();
    expect(authFromToken('a.b.c')).toBeUndefined();
    expect(authFromToken('!!!.???.')).toBeUndefined();
    expect(authFromToken(unsignedJwt(claims) + '.extra')).toBeUndefined();
    const enc = (s: string): string => Buffer.from(s).toString('base64url');
    expect(authFromToken(`${enc('{"alg":"none"}')}.${enc('[1,2]')}.`)).toBeUndefined();
    expect(authFromToken(`${enc('{"alg":"none"}')}.${enc('not json')}.`)).toBeUndefined();
    expect(authFromToken(`${enc('nope')}.${enc('{"sub":"x"}')}.`)).toBeUndefined();
  });

  it('drives email / provider / verified rules end to end', () => {
    const rules = compileRules(`{
      "rules": {
        "verified": {
          // only verified password users
          ".read": "auth != null && auth.token.email_verified == true
                    && auth.token.firebase.sign_in_provider == 'password'",
          ".write": "auth.token.email.endsWith('@example.com') && auth.provider == 'password'"
        },
        "users": { "$uid": { ".write": "auth.uid === $uid" } }
      }
    }`);
    const auth = authFromToken(unsignedJwt(claims))!;
    expect(read(rules, '/verified', null, { auth })).toBe(true);
    expect(set(rules, '/verified/x', 1, null, { auth }).allowed).toBe(true);
    expect(set(rules, '/users/abc123', 1, null, { auth }).allowed).toBe(true);
    expect(set(rules, '/users/other', 1, null, { auth }).allowed).toBe(false);
    const unverified = authFromToken(unsignedJwt({ ...claims, email_verified: false }))!;
    expect(read(rules, '/verified', null, { auth: unverified })).toBe(false);
    const anon = authFromToken(unsignedJwt({ sub: 'anon1', provider_id: 'anonymous', firebase: { sign_in_provider: 'anonymous' } }))!;
    expect(read(rules, '/verified', null, { auth: anon })).toBe(false);
    expect(set(rules, '/verified/x', 1, null, { auth: anon }).allowed).toBe(false);
  });
});
